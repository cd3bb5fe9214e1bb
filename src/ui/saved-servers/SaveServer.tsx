/**
 * Saves what the connection bar holds as a server. Each header value is kept only if its box is ticked,
 * and the boxes start unticked: a stored value sits in this browser's storage in clear.
 */
import { useId, useState } from 'react';
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
  const { saveCurrentServer } = useCommands();
  const checked = checkServerUrl(input.url);
  const [name, setName] = useState(() => (checked.ok ? new URL(checked.url).host : ''));
  const [keep, setKeep] = useState<ReadonlySet<string>>(new Set());
  const headerNames = [...new Set(input.headers.map((header) => header.name.trim()).filter((headerName) => headerName !== ''))];

  const toggle = (headerName: string, on: boolean) => {
    const next = new Set(keep);
    if (on) next.add(headerName);
    else next.delete(headerName);
    setKeep(next);
  };

  return (
    <form
      id={id}
      className="save-server"
      aria-label="Save server"
      onSubmit={(event) => {
        event.preventDefault();
        if (saveCurrentServer(name, [...keep]) !== undefined) onSaved();
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
      {headerNames.length > 0 && <p className="hint">Unticked headers are saved by name; you fill in their values when you connect.</p>}
      <button type="submit" className="button button-primary" disabled={!checked.ok}>
        Save
      </button>
    </form>
  );
}
