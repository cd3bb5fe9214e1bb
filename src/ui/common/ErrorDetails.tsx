import type { ReactNode } from 'react';
import type { EngineError } from '../../shared/errors.ts';
import { CorsFixes } from './CorsFixes.tsx';
import { RelayOffer } from './RelayOffer.tsx';
import { MaskedText } from '../presentation/MaskedText.tsx';
import { ServerText } from './ServerText.tsx';

/**
 * An EngineError: its one plain line, and the raw detail one click away. `onConnectLegacy` is offered
 * when the error is a CORS allow-list that only lacks what 2026-07-28 adds; with `serverUrl`, a CORS
 * failure also offers the local relay for that server. `fix` is a one-click fix shown right under the sentence.
 */
export function ErrorDetails({
  error,
  lead,
  onConnectLegacy,
  serverUrl,
  fix,
}: {
  error: EngineError;
  lead?: string;
  onConnectLegacy?: (() => void) | undefined;
  serverUrl?: string | undefined;
  fix?: ReactNode;
}) {
  const hasDetails =
    error.detail !== undefined ||
    error.httpStatus !== undefined ||
    error.rpcCode !== undefined ||
    (error.corsRequirements?.length ?? 0) > 0;
  return (
    <div className="error-details">
      <p className="error-message">
        {lead && <strong>{lead}: </strong>}
        <MaskedText text={error.message} />
      </p>
      {fix}
      {error.cors && <CorsFixes diagnosis={error.cors} onConnectLegacy={onConnectLegacy} />}
      {error.code === 'cors' && serverUrl && <RelayOffer serverUrl={serverUrl} />}
      {hasDetails && (
        <details>
          <summary>Details</summary>
          <dl className="kv">
            <dt>Code</dt>
            <dd className="mono">{error.code}</dd>
            {error.httpStatus !== undefined && (
              <>
                <dt>HTTP status</dt>
                <dd className="mono">{error.httpStatus}</dd>
              </>
            )}
            {error.rpcCode !== undefined && (
              <>
                <dt>JSON-RPC code</dt>
                <dd className="mono">{error.rpcCode}</dd>
              </>
            )}
          </dl>
          {error.code === 'cors' && error.corsRequirements && error.corsRequirements.length > 0 && (
            <>
              <p>A browser can only talk to this server if it answers with:</p>
              <ul className="cors-list">
                {error.corsRequirements.map((requirement, index) => (
                  <li key={index} className="mono">
                    <ServerText text={requirement} />
                  </li>
                ))}
              </ul>
            </>
          )}
          {error.detail !== undefined && (
            <pre className="code-block">
              <MaskedText text={error.detail} />
            </pre>
          )}
        </details>
      )}
    </div>
  );
}
