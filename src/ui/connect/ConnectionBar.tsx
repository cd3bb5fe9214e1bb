import { plural } from '../../shared/read.ts';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { MAX_CONNECTIONS } from '../../app/index.ts';
import { useCommands, useWorkspace, useWorkspaceState, useStoreOf } from '../services.tsx';
import { ConnectionSettings, focusableIn } from './ConnectionSettings.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { connectReadiness } from './connect-readiness.ts';
import { ReconnectQuestion } from './ReconnectQuestion.tsx';
import { reconnectPlan } from '../../app/connection/reconnect-plan.ts';
import { usePresentation } from '../presentation/use-presentation.ts';
import { ServerUrlInput } from './ServerUrlInput.tsx';
import { UseSuggestedUrl } from './UseSuggestedUrl.tsx';
import { StreamHealthDetails, useStreamHealth } from './StreamHealth.tsx';
import './connect.css';
import { profileOf } from '../../shared/era-profile.ts';

/**
 * The toolbar's one row: the Server URL, the settings popover, Connect / Disconnect and the status. What
 * needs saying below it (a bad URL, the stream's health, a question) opens under the row; a failed Connect
 * is told in the page body (ConnectFailure).
 */
export function ConnectionBar() {
  const ids = { url: useId(), urlError: useId(), settings: useId(), stream: useId() };
  const input = useStoreOf('connection', (state) => state.input);
  const phase = useStoreOf('connection', (state) => state.phase);
  const summary = useStoreOf('connection', (state) => state.summary);
  const lastSent = useStoreOf('connection', (state) => state.lastSent);
  const { connect, disconnect } = useCommands().connection;
  const { setUrl } = useStoreOf('connection', (state) => state.actions);
  const workspace = useWorkspace();
  const full = useWorkspaceState((state) => state.connections.length >= MAX_CONNECTIONS);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [streamOpen, setStreamOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const settingsButton = useRef<HTMLButtonElement>(null);
  const connectButton = useRef<HTMLButtonElement>(null);
  const closeSettings = useCallback(() => setSettingsOpen(false), []);
  const streamHealth = useStreamHealth();

  const { urlCheck, canConnect } = connectReadiness(input, phase);
  // An empty field is not an error yet, only a reason to keep Connect disabled.
  const urlError = !urlCheck.ok && input.url.trim() !== '' ? urlCheck.reason : null;
  const headerCount = input.headers.filter((h) => h.name.trim() !== '').length;
  const canDisconnect = phase === 'connected' || phase === 'connecting';

  const { keysStepAScript } = usePresentation();
  const connectHere = async () => {
    setAsking(false);
    setSettingsOpen(false);
    const summary = await connect();
    // Connected, the work starts in the feature tabs: focus goes there unless the person has moved on, or the
    // arrow keys step a demo script (the tabs would take the presenter's →).
    if (summary && !keysStepAScript) focusFeatureTabs();
  };

  // A suggested URL (the scheme left off, https:// to a plain-http port) is the fix in one click: connected,
  // it still asks before ending this session, as Connect does.
  const takeSuggestedUrl = (url: string) => {
    setUrl(url);
    if (phase === 'connected') setAsking(true);
    else void connectHere();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canConnect) return;
    if (phase === 'connected') setAsking(true);
    else void connectHere();
  };

  // What is set that the popover hides: the headers and a pinned protocol.
  const settingsNote = [
    headerCount > 0 ? ` · ${plural(headerCount, 'header')}` : '',
    input.era !== 'auto' ? ` · ${profileOf(input.era).label}` : '',
  ].join('');
  return (
    <div className="connection">
      <form className="connection-bar" onSubmit={onSubmit} noValidate>
        <ServerUrlInput id={ids.url} errorId={urlError ? ids.urlError : null} />
        <button
          ref={settingsButton}
          type="button"
          className="button settings-button"
          // The name holds the visible text (WCAG 2.5.3, label in name), so what a person reads is what they say.
          aria-label={`Connection settings${settingsNote}`}
          aria-expanded={settingsOpen}
          aria-controls={ids.settings}
          title="Transport, protocol, headers, client capabilities, save server"
          onClick={() => setSettingsOpen((open) => !open)}
          onKeyDown={(event) => {
            if (!settingsOpen) return;
            // Escape closes what this button opened, with focus still here.
            if (event.key === 'Escape') {
              event.preventDefault();
              closeSettings();
            }
            // Tab goes on into the open popover's fields, which come after this button on screen.
            if (event.key === 'Tab' && !event.shiftKey) {
              const first = focusableIn(document.getElementById(ids.settings))[0];
              if (!first) return;
              event.preventDefault();
              first.focus();
            }
          }}
        >
          <span aria-hidden="true">⚙ </span>Settings
          {settingsNote && <span className="settings-count">{settingsNote}</span>}
        </button>
        {/* Connected, Connect is no longer the obvious next step: it asks before ending this session. */}
        <button
          ref={connectButton}
          type="submit"
          className={phase === 'connected' ? 'button' : 'button button-primary'}
          disabled={!canConnect}
          aria-expanded={phase === 'connected' ? asking : undefined}
          title={phase === 'connected' ? 'Connect again, here or as a new connection' : undefined}
          onKeyDown={(event) => {
            // Shift+Tab goes back through the open popover's fields, which sit before Connect in Tab order.
            if (!settingsOpen || event.key !== 'Tab' || !event.shiftKey) return;
            const last = focusableIn(document.getElementById(ids.settings)).at(-1);
            if (!last) return;
            event.preventDefault();
            last.focus();
          }}
        >
          Connect
        </button>
        <button type="button" className="button" disabled={!canDisconnect} onClick={() => void disconnect()}>
          Disconnect
        </button>
        <ConnectionStatus
          stream={{ health: streamHealth, open: streamOpen, onToggle: () => setStreamOpen((open) => !open), controls: ids.stream }}
        />
      </form>
      {settingsOpen && <ConnectionSettings id={ids.settings} opener={settingsButton} next={connectButton} onClose={closeSettings} />}
      {asking && phase === 'connected' && (
        <ReconnectQuestion
          plan={reconnectPlan({ summary, lastSent, input })}
          full={full}
          onReconnect={() => void connectHere()}
          onNew={() => {
            setAsking(false);
            workspace.connectBeside(workspace.active().id);
          }}
          onCancel={() => {
            setAsking(false);
            connectButton.current?.focus();
          }}
        />
      )}
      {urlError && (
        <div className="url-error-row">
          <p id={ids.urlError} className="field-error url-error">
            {urlError}
          </p>
          {!urlCheck.ok && urlCheck.suggestion !== undefined && <UseSuggestedUrl url={urlCheck.suggestion} onUse={takeSuggestedUrl} />}
        </div>
      )}
      {streamOpen && phase === 'connected' && <StreamHealthDetails id={ids.stream} health={streamHealth} />}
    </div>
  );
}

/** The selected feature tab of the connection on screen (hidden connections are not rendered visibly). */
function focusFeatureTabs(): void {
  const active = document.activeElement;
  // Only from where Connect was pressed (the toolbar or nowhere): never pull focus out of something the person went on to.
  if (active && active !== document.body && !active.closest('.app-header')) return;
  const tabs = [
    ...document.querySelectorAll<HTMLElement>('[role="tablist"][aria-label="MCP features"] [role="tab"][aria-selected="true"]'),
  ];
  tabs.find((tab) => tab.offsetParent !== null)?.focus();
}
