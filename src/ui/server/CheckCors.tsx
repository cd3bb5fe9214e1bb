import { SERVER } from '../../app/index.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { CorsFixes } from '../common/CorsFixes.tsx';
import { RelayOffer } from '../common/RelayOffer.tsx';
import { MaskedText } from '../presentation/MaskedText.tsx';
import { useCommands, useLatestCall, useStoreOf } from '../services.tsx';

/**
 * The CORS doctor on request, for a server that connected as 2025 because the 2026-07-28 probe could not
 * be sent: which headers its CORS setup must allow for the modern era (the Mcp-Param-* ones from the tools
 * listed so far), and the fix per server stack.
 */
export function CheckCors({ url }: { url: string }) {
  const { startCall } = useCommands().jobs;
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  const check = useLatestCall('cors', SERVER);
  const pending = check?.status === 'running';
  const diagnosis = check?.result;
  return (
    <div className="server-section check-cors">
      <div className="check-cors-head">
        <button type="button" className="button button-small" onClick={() => startCall('cors', { url })} disabled={!connected || pending}>
          {pending ? 'Checking CORS…' : 'Check CORS'}
        </button>
        <span className="hint">
          Find out which request headers this server&apos;s CORS setup must allow before MCP Lens can speak 2026-07-28 to it.
        </span>
      </div>
      {diagnosis && (
        <div className="check-cors-result" role="region" aria-label="CORS check">
          <p className={diagnosis.finding === 'all-allowed' ? 'hint' : 'check-cors-finding'}>
            <MaskedText text={diagnosis.sentence} />
          </p>
          {diagnosis.finding !== 'all-allowed' && (
            <>
              <CorsFixes diagnosis={diagnosis} />
              <RelayOffer serverUrl={url} />
            </>
          )}
        </div>
      )}
      {check?.error && <ErrorDetails error={check.error} lead="Could not check CORS" />}
    </div>
  );
}
