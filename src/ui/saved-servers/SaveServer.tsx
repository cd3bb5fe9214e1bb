/**
 * Saves what the connection bar holds as a server. Each header value is kept only if its box is ticked,
 * and the boxes start unticked: a stored value sits in this browser's storage in clear.
 */
import { useId, useState } from 'react';
import { urlCredentialNames } from '../../shared/redact.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { useCommands, useStoreOf } from '../services.tsx';

/** The toggle that sits in the connection bar. */
export function SaveServerButton({ open, onToggle, controls }: { open: boolean; onToggle: () => void; controls: string }) {
  const url = useStoreOf('connection', (state) => state.input.url);
  return (
    <button
      type="button"
      className="button demo-hidden"
      aria-expanded={open}
      aria-controls={controls}
      disabled={!checkServerUrl(url).ok}
      onClick={onToggle}
    >
      Save server
    </button>
  );
}

export function SaveServerForm({ id, onSaved }: { id: string; onSaved: () => void }) {
  const nameId = useId();
  const input = useStoreOf('connection', (state) => state.input);
  const { saveCurrentServer } = useCommands().savedServers;
  const checked = checkServerUrl(input.url);
  const [name, setName] = useState(() => (checked.ok ? new URL(checked.url).host : ''));
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  const headerNames = [...new Set(input.headers.map((header) => header.name.trim()).filter((headerName) => headerName !== ''))];
  // The URL's credentials are secrets like header values: the same opt-in, unticked at first.
  const [keepInUrl, setKeepInUrl] = useState<ReadonlySet<string>>(new Set());
  const urlParams = checked.ok ? urlCredentialNames(checked.url) : [];

  const toggle = (headerName: string, on: boolean) => setKeep(toggled(keep, headerName, on));

  return (
    <form
      id={id}
      className="save-server"
      aria-label="Save server"
      onSubmit={(event) => {
        event.preventDefault();
        if (saveCurrentServer(name, [...keep], [...keepInUrl]) !== undefined) onSaved();
      }}
    >
      <label htmlFor={nameId}>Name for this server</label>
      <input id={nameId} className="input" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
      {headerNames.map((headerName) => (
        <label key={headerName} className="save-server-keep">
          <input type="checkbox" checked={keep.has(headerName)} onChange={(event) => toggle(headerName, event.target.checked)} />
          Keep the value of <span className="mono">{headerName}</span> on this device
        </label>
      ))}
      {urlParams.map((param) => (
        <label key={`url ${param}`} className="save-server-keep">
          <input
            type="checkbox"
            checked={keepInUrl.has(param)}
            onChange={(event) => setKeepInUrl(toggled(keepInUrl, param, event.target.checked))}
          />
          Keep the value of the URL parameter <span className="mono">{param}</span> on this device
        </label>
      ))}
      {headerNames.length + urlParams.length > 0 && (
        <p className="hint">Unticked values are not saved (headers by name, URL parameters empty); you fill them in when you connect.</p>
      )}
      <button type="submit" className="button button-primary" disabled={!checked.ok}>
        Save
      </button>
    </form>
  );
}

function toggled(set: ReadonlySet<string>, item: string, on: boolean): ReadonlySet<string> {
  const next = new Set(set);
  if (on) next.add(item);
  else next.delete(item);
  return next;
}
