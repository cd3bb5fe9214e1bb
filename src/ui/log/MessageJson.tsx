import type { MessageEntry } from '../../shared/events.ts';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { requestMeta, resultMeta, resultTypeOf, resultTypeTone } from './envelope.ts';

/**
 * A parsed message in the detail: its `_meta` (the 2026-07-28 envelope on a request, the server's info on
 * a result) collapsed under a disclosure, and the rest as JSON.
 */
export function MessageJson({ entry }: { entry: MessageEntry }) {
  const split = entry.kind === 'request' ? requestMeta(entry.message) : entry.kind === 'response' ? resultMeta(entry.message) : undefined;
  const label = entry.kind === 'request' ? 'Request _meta' : 'Result _meta';
  return (
    <>
      {split && (
        <details className="log-meta">
          <summary>
            {label}
            {split.envelopeKeys.length > 0 && (
              <span className="mono log-meta-keys">
                <ServerText text={split.envelopeKeys.join(', ')} />
              </span>
            )}
            <span className="log-meta-note"> (left out of the JSON below)</span>
          </summary>
          <pre className="code-block">{prettyJson(split.meta)}</pre>
        </details>
      )}
      <pre className="code-block">{prettyJson(split ? split.rest : entry.message)}</pre>
    </>
  );
}

/** A 2026-07-28 result's `resultType` ("complete", "input_required", "task"), for the detail's header. */
export function ResultType({ entry }: { entry: MessageEntry }) {
  const type = entry.kind === 'response' ? resultTypeOf(entry.message) : undefined;
  if (type === undefined) return null;
  return (
    <span className="log-result-type">
      resultType{' '}
      <span className={`badge result-type-${resultTypeTone(type)}`}>
        <ServerText text={type} />
      </span>
    </span>
  );
}
