import type { MessageEntry } from '../../shared/events.ts';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { requestMeta, resultMeta, resultTypeOf, resultTypeTone } from './envelope.ts';

/**
 * A parsed message in the detail: its `resultType` as a badge, its `_meta` (the 2026-07-28 envelope on a
 * request, the server's info on a result) collapsed under a disclosure, and the rest as JSON.
 */
export function MessageJson({ entry }: { entry: MessageEntry }) {
  const split = entry.kind === 'request' ? requestMeta(entry.message) : entry.kind === 'response' ? resultMeta(entry.message) : undefined;
  const label = entry.kind === 'request' ? 'Request _meta' : 'Result _meta';
  const resultType = entry.kind === 'response' ? resultTypeOf(entry.message) : undefined;
  return (
    <>
      {resultType !== undefined && (
        <p className="log-result-type">
          resultType{' '}
          <span className={`badge result-type-${resultTypeTone(resultType)}`}>
            <ServerText text={resultType} />
          </span>
        </p>
      )}
      {split && (
        <details className="log-meta">
          <summary>
            {label}
            {split.envelopeKeys.length > 0 && (
              <span className="muted mono log-meta-keys">
                {' '}
                <ServerText text={split.envelopeKeys.join(', ')} />
              </span>
            )}
          </summary>
          <pre className="code-block">{prettyJson(split.meta)}</pre>
        </details>
      )}
      <pre className="code-block">{prettyJson(split ? split.rest : entry.message)}</pre>
      {split && <p className="hint log-meta-note">The message above is shown without its {entry.kind === 'request' ? 'params' : 'result'}._meta, which is under {label}.</p>}
    </>
  );
}
