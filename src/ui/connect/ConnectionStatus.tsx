import type { ConnectionPhase } from '../../shared/events.ts';
import { useConnection } from '../services.tsx';

const TEXT: Record<ConnectionPhase, string> = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  failed: 'Failed',
};

export function ConnectionStatus() {
  const phase = useConnection((state) => state.phase);
  const transport = useConnection((state) => state.summary?.transport);
  return (
    <div role="status" className={`connection-status status-${phase}`}>
      <span className="status-dot" aria-hidden="true" />
      {TEXT[phase]}
      {phase === 'connected' && transport && <span className="status-transport">{transport === 'sse' ? 'legacy SSE' : 'Streamable HTTP'}</span>}
    </div>
  );
}
