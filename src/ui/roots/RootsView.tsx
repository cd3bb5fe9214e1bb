import { useId, useState } from 'react';
import type { Root } from '../../shared/client-features.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { DeprecatedBadge } from '../server/DeprecatedBadge.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import './roots.css';

const rootProblem = (uri: string): string | undefined => {
  if (uri.trim() === '') return 'Enter a file:// URI.';
  if (!/^file:\/\//i.test(uri.trim())) return 'Roots are file:// URIs, e.g. file:///home/me/project.';
  try {
    new URL(uri.trim());
    return undefined;
  } catch {
    return 'This is not a valid URI.';
  }
};

/** The roots MCP Lens offers the server (answering roots/list); saving a change sends notifications/roots/list_changed. */
export function RootsView() {
  const commands = useCommands();
  const saved = useStoreOf('clientFeatures', (s) => s.roots);
  const { setDraft: setRows } = useStoreOf('clientFeatures', (s) => s.actions);
  // The draft lives in the store, so switching tabs loses no unsaved edit.
  const rows = useStoreOf('clientFeatures', (s) => s.draft);
  const rootsOn = useStoreOf('clientFeatures', (s) => s.settings.roots);
  const phase = useStoreOf('connection', (s) => s.phase);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<EngineError | null>(null);
  const [tried, setTried] = useState(false);
  const baseId = useId();

  const problems = rows.map((row) => rootProblem(row.uri));
  const dirty = JSON.stringify(rows) !== JSON.stringify(saved.map((r) => ({ uri: r.uri, name: r.name ?? '' })));

  const save = async () => {
    setTried(true);
    setStatus(null);
    setError(null);
    if (problems.some(Boolean)) return;
    const roots: Root[] = rows.map((row) => ({ uri: row.uri.trim(), ...(row.name.trim() !== '' && { name: row.name.trim() }) }));
    try {
      const { notified } = await commands.server.setRoots(roots);
      setTried(false);
      setStatus(
        notified
          ? 'Saved. Sent notifications/roots/list_changed to the server.'
          : 'Saved. The server will get this list when it asks (roots/list).',
      );
    } catch (caught) {
      setError(asEngineError(caught));
    }
  };

  return (
    <section className="roots-view" aria-labelledby={`${baseId}-title`}>
      <h3 id={`${baseId}-title`} className="section-title">
        Roots
      </h3>
      <p className="muted">
        <DeprecatedBadge feature="Roots" /> The directories this client tells the server it may work in. The server reads them with{' '}
        <span className="mono">roots/list</span>.
        {!rootsOn && ' The Roots capability is switched off in the connection settings, so the server cannot ask for them.'}
        {rootsOn && phase !== 'connected' && ' They are kept for the next connection.'}
      </p>
      {rows.length === 0 && <p className="empty-state">No roots. Add one to offer it to the server.</p>}
      <ul className="roots-list">
        {rows.map((row, index) => (
          <li key={index} className="roots-row">
            <label className="visually-hidden" htmlFor={`${baseId}-uri-${index}`}>
              Root URI {index + 1}
            </label>
            <input
              id={`${baseId}-uri-${index}`}
              className="input mono"
              placeholder="file:///home/me/project"
              spellCheck={false}
              value={row.uri}
              aria-invalid={tried && problems[index] ? true : undefined}
              onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, uri: e.target.value } : r)))}
            />
            <label className="visually-hidden" htmlFor={`${baseId}-name-${index}`}>
              Root name {index + 1}
            </label>
            <input
              id={`${baseId}-name-${index}`}
              className="input"
              placeholder="Name (optional)"
              value={row.name}
              onChange={(e) => setRows(rows.map((r, i) => (i === index ? { ...r, name: e.target.value } : r)))}
            />
            <button
              type="button"
              className="button"
              aria-label={`Remove root ${index + 1}`}
              onClick={() => setRows(rows.filter((_, i) => i !== index))}
            >
              Remove
            </button>
            {tried && problems[index] && <p className="field-error roots-error">{problems[index]}</p>}
          </li>
        ))}
      </ul>
      <div className="roots-actions">
        <button type="button" className="button" onClick={() => setRows([...rows, { uri: 'file:///', name: '' }])}>
          Add root
        </button>
        <button type="button" className="button button-primary" disabled={!dirty} onClick={() => void save()}>
          Save roots
        </button>
        {status && (
          <span role="status" className="muted">
            {status}
          </span>
        )}
      </div>
      {error && <ErrorDetails error={error} lead="Not saved" />}
    </section>
  );
}
