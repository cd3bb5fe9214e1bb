import type { ConnectionPhase } from '../../shared/events.ts';
import type { StreamHealth } from '../../state/stream-health.ts';
import { relayVersionWarning } from '../../shared/relay.ts';
import { LENS_VERSION } from '../../shared/version.ts';
import { useRelayVersion, useViaRelay } from '../common/use-via-relay.ts';
import { useConnectionName, useStoreOf, useWorkspaceState } from '../services.tsx';
import { StreamHealthBadge } from './StreamHealth.tsx';

const TEXT: Record<ConnectionPhase, string> = {
  disconnected: 'Disconnected',
  connecting: 'Connecting…',
  connected: 'Connected',
  failed: 'Failed',
};

export interface StreamDetailsToggle {
  health: StreamHealth;
  open: boolean;
  onToggle(): void;
  controls: string;
}

export function ConnectionStatus({ stream }: { stream: StreamDetailsToggle }) {
  const phase = useStoreOf('connection', (state) => state.phase);
  const transport = useStoreOf('connection', (state) => state.summary?.transport);
  const viaRelay = useViaRelay();
  const name = useConnectionName();
  const several = useWorkspaceState((state) => state.connections.length > 1);
  const relayVersion = useRelayVersion();
  const versionWarning = relayVersionWarning(relayVersion, LENS_VERSION);
  const unwell = phase === 'connected' && stream.health.kind !== 'stable';
  return (
    <div role="status" className={`connection-status status-${phase}${unwell ? ' status-unwell' : ''}`}>
      <span className="status-dot" aria-hidden="true" />
      {TEXT[phase]}
      {/* With several connections, the status says whose it is; the switcher shows that by sight. */}
      {several && name && <span className="visually-hidden"> ({name})</span>}
      {((phase === 'connected' && transport) || viaRelay) && (
        <span className="status-details">
          {phase === 'connected' && transport && (
            <span className="status-transport">{transport === 'sse' ? 'legacy SSE' : 'Streamable HTTP'}</span>
          )}
          {/* A space between the two lines, so read aloud (or copied) they stay two phrases. */}
          {viaRelay && <span className="status-transport status-relay"> via local relay</span>}
          {/* The relay is another version than the app: the server panel says what to do. */}
          {versionWarning !== undefined && (
            <span className="status-transport status-relay-version" title={versionWarning}>
              {' '}
              relay {relayVersion}, app {LENS_VERSION}
            </span>
          )}
        </span>
      )}
      {phase === 'connected' && <StreamHealthBadge {...stream} />}
    </div>
  );
}
