// eslint-disable-next-line no-restricted-imports -- each chip reads another connection's store, from the workspace
import { useStore } from 'zustand';
import { MAX_CONNECTIONS, type Connection } from '../../app/index.ts';
import type { ConnectionPhase } from '../../shared/events.ts';
import { usePresentation } from '../presentation/use-presentation.ts';
import { useConnectionName, useWorkspace, useWorkspaceState } from '../services.tsx';
import { Icon } from '../workspace/icons.tsx';
import './connections.css';

const PHASE_WORDS: Record<ConnectionPhase, string> = {
  connected: 'connected',
  connecting: 'connecting',
  failed: 'failed',
  disconnected: 'not connected',
};

/** "Add connection", in the workspace's icon group: opens another connection beside the ones already open. */
export function AddConnection() {
  const workspace = useWorkspace();
  const full = useWorkspaceState((state) => state.connections.length >= MAX_CONNECTIONS);
  return (
    <button
      type="button"
      // On stage (demo mode) the header keeps only what a demo uses; the switcher itself stays.
      className="button icon-button add-connection demo-hidden"
      aria-label="Add connection"
      disabled={full}
      title={full ? `${MAX_CONNECTIONS} connections are open: close one to open another.` : 'Connect to another server beside this one'}
      onClick={() => workspace.add()}
    >
      <Icon name="add" />
      <span className="icon-button-label" aria-hidden="true">
        Add
      </span>
    </button>
  );
}

/**
 * The open connections, each with its status, when there is more than one. Each keeps its own log,
 * timeline and tabs; choosing one puts it on screen and in the address bar.
 */
export function ConnectionSwitcher() {
  const connections = useWorkspaceState((state) => state.connections);
  const activeId = useWorkspaceState((state) => state.activeId);
  if (connections.length < 2) return null;
  return (
    <nav className="connection-switcher" aria-label="Connections">
      <ul>
        {connections.map((connection) => (
          <li key={connection.id}>
            <ConnectionChip connection={connection} active={connection.id === activeId} />
          </li>
        ))}
      </ul>
    </nav>
  );
}

function ConnectionChip({ connection: { id, app }, active }: { connection: Connection; active: boolean }) {
  const workspace = useWorkspace();
  const phase = useStore(app.connection, (state) => state.phase);
  // A session file opened as its own connection is named by its file: it is not a live server.
  const file = useStore(app.sessionFile, (state) => state.replay?.fileName);
  const label = useConnectionName(id);
  const url = useStore(app.connection, (state) => state.summary?.url ?? state.input.url);
  const { urlTooltips } = usePresentation();
  // A question from a server on another connection waits there; the chip says so, so it is not missed.
  const waiting = useStore(app.serverRequests, (state) => state.pending.length);
  return (
    <div className={`connection-chip status-${phase}`} data-active={active || undefined}>
      <button
        type="button"
        className="connection-chip-select"
        aria-current={active ? 'true' : undefined}
        // Two connections to one server read "name" and "name · 2"; the tooltip gives the URL (not on stage,
        // where a URL's credentials stay off screen).
        title={(urlTooltips && url) || undefined}
        aria-label={`${label}, ${file !== undefined ? 'saved session, read-only' : PHASE_WORDS[phase]}${waiting > 0 ? `, ${waiting} waiting for you` : ''}`}
        onClick={() => workspace.select(id)}
      >
        <span className="status-dot" aria-hidden="true" />
        <span className="connection-chip-label">{label}</span>
        {waiting > 0 && <span className="connection-chip-waiting">{waiting} waiting for you</span>}
      </button>
      <button
        type="button"
        className="connection-chip-close"
        aria-label={`Close ${label}`}
        title="Close this connection"
        onClick={() => void workspace.close(id)}
      >
        ×
      </button>
    </div>
  );
}
