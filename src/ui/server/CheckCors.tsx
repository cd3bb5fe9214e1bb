import { useMutation } from '@tanstack/react-query';
import type { CorsDiagnosis } from '../../shared/cors.ts';
import type { EngineError } from '../../shared/errors.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { CorsFixes } from '../common/CorsFixes.tsx';
import { RelayOffer } from '../common/RelayOffer.tsx';
import { MaskedText } from '../presentation/MaskedText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';

/**
 * The CORS doctor on request, for a server that connected as 2025 because the 2026-07-28 probe could not
 * be sent: which headers its CORS setup must allow for the modern era (the Mcp-Param-* ones from the tools
 * listed so far), and the fix per server stack.
 */
export function CheckCors({ url }: { url: string }) {
  const { checkCors } = useCommands();
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  const mutation = useMutation<CorsDiagnosis, EngineError>({
    mutationFn: () => checkCors(url),
  });
  return (
    <div className="server-section check-cors">
      <div className="check-cors-head">
        <button type="button" className="button button-small" onClick={() => mutation.mutate()} disabled={!connected || mutation.isPending}>
          {mutation.isPending ? 'Checking CORS…' : 'Check CORS'}
        </button>
        <span className="hint">
          Find out which request headers this server&apos;s CORS setup must allow before MCP Lens can speak 2026-07-28 to it.
        </span>
      </div>
      {mutation.data && (
        <div className="check-cors-result" role="region" aria-label="CORS check">
          <p className={mutation.data.finding === 'all-allowed' ? 'hint' : 'check-cors-finding'}>
            <MaskedText text={mutation.data.sentence} />
          </p>
          {mutation.data.finding !== 'all-allowed' && (
            <>
              <CorsFixes diagnosis={mutation.data} />
              <RelayOffer serverUrl={url} />
            </>
          )}
        </div>
      )}
      {mutation.error && <ErrorDetails error={mutation.error} lead="Could not check CORS" />}
    </div>
  );
}
