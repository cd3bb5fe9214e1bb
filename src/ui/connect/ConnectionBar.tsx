import { useId, useState, type FormEvent } from 'react';
import type { TransportChoice } from '../../shared/model.ts';
import { usesRelay } from '../../shared/relay.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import { ClientFeaturesSettings } from './ClientFeaturesSettings.tsx';
import { ConnectionStatus } from './ConnectionStatus.tsx';
import { EraSelect } from './EraSelect.tsx';
import { headerProblems } from '../../app/header-pairs.ts';
import { HeadersEditor } from './HeadersEditor.tsx';
import { ServerUrlInput } from './ServerUrlInput.tsx';
import { StreamHealthDetails, useStreamHealth } from './StreamHealth.tsx';
import { SaveServerButton, SaveServerForm } from '../saved-servers/SaveServer.tsx';
import './connect.css';

const TRANSPORTS: Array<{ value: TransportChoice; label: string }> = [
  // Not just "Auto": the Protocol select beside Connect has an Auto of its own.
  { value: 'auto', label: 'HTTP, then SSE' },
  { value: 'streamable-http', label: 'Streamable HTTP' },
  { value: 'sse', label: 'Legacy SSE' },
];

export function ConnectionBar() {
  const ids = { url: useId(), urlError: useId(), transport: useId(), headers: useId(), client: useId(), stream: useId(), save: useId() };
  const input = useStoreOf('connection', (state) => state.input);
  const phase = useStoreOf('connection', (state) => state.phase);
  const error = useStoreOf('connection', (state) => state.error);
  const actions = useStoreOf('connection', (state) => state.actions);
  const { connect, connectAsLegacy, disconnect } = useCommands();
  const [headersOpen, setHeadersOpen] = useState(false);
  const [clientOpen, setClientOpen] = useState(false);
  const [streamOpen, setStreamOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const streamHealth = useStreamHealth();

  const urlCheck = checkServerUrl(input.url);
  // An empty field is not an error yet, only a reason to keep Connect disabled.
  const urlError = !urlCheck.ok && input.url.trim() !== '' ? urlCheck.reason : null;
  const headerCount = input.headers.filter((h) => h.name.trim() !== '').length;
  const headersInvalid = headerProblems(input.headers).length > 0;
  const canConnect = urlCheck.ok && !headersInvalid && phase !== 'connecting';
  const canDisconnect = phase === 'connected' || phase === 'connecting';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (canConnect) void connect();
  };

  return (
    <div className="connection">
      <form className="connection-bar" onSubmit={onSubmit} noValidate>
        <label className="visually-hidden" htmlFor={ids.transport}>
          Transport
        </label>
        <select
          id={ids.transport}
          className="input transport-select demo-hidden"
          value={input.transport}
          onChange={(event) => actions.setTransport(event.target.value as TransportChoice)}
        >
          {TRANSPORTS.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </select>
        <ServerUrlInput id={ids.url} errorId={urlError ? ids.urlError : null} />
        <button
          type="button"
          className="button"
          aria-expanded={headersOpen}
          aria-controls={ids.headers}
          onClick={() => setHeadersOpen((open) => !open)}
        >
          Headers{headerCount > 0 ? ` (${headerCount})` : ''} <span aria-hidden="true">{headersOpen ? '▴' : '▾'}</span>
        </button>
        <button
          type="button"
          className="button demo-hidden"
          aria-expanded={clientOpen}
          aria-controls={ids.client}
          onClick={() => setClientOpen((open) => !open)}
        >
          Client capabilities <span aria-hidden="true">{clientOpen ? '▴' : '▾'}</span>
        </button>
        <SaveServerButton open={saveOpen} onToggle={() => setSaveOpen((open) => !open)} controls={ids.save} />
        {/* One group, so on a narrow bar the era, Connect and the status wrap together beside each other. */}
        <div className="connection-actions">
          <EraSelect />
          {/* Connected, Connect is no longer the obvious next step: it ends this session and starts a new one. */}
          <button
            type="submit"
            className={phase === 'connected' ? 'button' : 'button button-primary'}
            disabled={!canConnect}
            title={phase === 'connected' ? 'End this session and connect again with the settings above' : undefined}
          >
            Connect
          </button>
          <button type="button" className="button" disabled={!canDisconnect} onClick={() => void disconnect()}>
            Disconnect
          </button>
          <ConnectionStatus
            stream={{ health: streamHealth, open: streamOpen, onToggle: () => setStreamOpen((open) => !open), controls: ids.stream }}
          />
        </div>
      </form>
      {urlError && (
        <p id={ids.urlError} className="field-error url-error">
          {urlError}
        </p>
      )}
      {headersOpen && <HeadersEditor id={ids.headers} />}
      {clientOpen && <ClientFeaturesSettings id={ids.client} />}
      {saveOpen && <SaveServerForm id={ids.save} onSaved={() => setSaveOpen(false)} />}
      {streamOpen && phase === 'connected' && <StreamHealthDetails id={ids.stream} health={streamHealth} />}
      {phase === 'failed' && error && (
        <div className="connect-failure" role="alert">
          <ErrorDetails
            error={error}
            lead="Could not connect"
            onConnectLegacy={canConnect ? () => void connectAsLegacy() : undefined}
            serverUrl={usesRelay(input.headers) ? undefined : input.url}
          />
        </div>
      )}
    </div>
  );
}
