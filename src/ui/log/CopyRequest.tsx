import { useState } from 'react';
import { redactBodyText } from '../../shared/redact.ts';
import { curlCommand, requestJson } from './copy-request.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { useScope, useStoreOf } from '../services.tsx';

/**
 * Copy as JSON, for any message sent or received (unparseable bytes as their text), and as curl for a request
 * or notification MCP Lens sent. Secrets are masked in both (redact.ts).
 */
export function CopyRequest({ entry, curl: offerCurl }: { entry: MessageEntry; curl: boolean }) {
  const exchange = useStoreOf('http', (state) => (entry.httpSeq === undefined ? undefined : state.bySeq.get(entry.httpSeq)));
  const url = useStoreOf('connection', (state) => state.summary?.url ?? state.input.url);
  const summary = useStoreOf('connection', (state) => state.summary);
  const { protocol } = useScope();
  const [copied, setCopied] = useState<string | null>(null);
  const copy = (what: string, text: string) => {
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(what),
      () => setCopied(null),
    );
  };
  const curl = () =>
    curlCommand({
      message: entry.message,
      url: exchange?.url ?? url,
      // Only a POST's headers are the request's own (a GET is the event stream it may have arrived on).
      ...(exchange?.method === 'POST' && { sentHeaders: exchange.requestHeaders }),
      modern: protocol.perRequestHeaders,
      ...(summary?.sessionId && { sessionId: summary.sessionId }),
      ...(summary?.protocolVersion && { protocolVersion: summary.protocolVersion }),
    });
  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() =>
          copy(
            entry.message === undefined ? 'text' : 'JSON',
            entry.message === undefined ? redactBodyText(entry.raw ?? '') : requestJson(entry.message),
          )
        }
      >
        Copy as JSON
      </button>
      {offerCurl && (
        <button type="button" className="button button-small" onClick={() => copy('curl', curl())}>
          Copy as curl
        </button>
      )}
      <span className="visually-hidden" role="status">
        {copied ? `Copied as ${copied}` : ''}
      </span>
    </>
  );
}
