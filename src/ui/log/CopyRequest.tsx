import { useState } from 'react';
import { curlCommand, requestJson } from './copy-request.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { useStoreOf } from '../services.tsx';

/** Copy as JSON and as curl, for a request or notification MCP Lens sent. Secrets are masked in both. */
export function CopyRequest({ entry }: { entry: MessageEntry }) {
  const exchange = useStoreOf('http', (state) => (entry.httpSeq === undefined ? undefined : state.bySeq.get(entry.httpSeq)));
  const url = useStoreOf('connection', (state) => state.summary?.url ?? state.input.url);
  const summary = useStoreOf('connection', (state) => state.summary);
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
      modern: summary?.era === 'modern',
      ...(summary?.sessionId && { sessionId: summary.sessionId }),
      ...(summary?.protocolVersion && { protocolVersion: summary.protocolVersion }),
    });
  return (
    <>
      <button type="button" className="button button-small" onClick={() => copy('JSON', requestJson(entry.message))}>
        Copy as JSON
      </button>
      <button type="button" className="button button-small" onClick={() => copy('curl', curl())}>
        Copy as curl
      </button>
      <span className="visually-hidden" role="status">
        {copied ? `Copied as ${copied}` : ''}
      </span>
    </>
  );
}
