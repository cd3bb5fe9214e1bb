/** The saved servers, most recently used first: connect, rename, duplicate, export, delete. */
import { useMemo, useState } from 'react';
import { recentFirst, type SavedServer } from '../../state/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { UrlText } from '../presentation/UrlText.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import { ExportSnippets } from './ExportSnippets.tsx';
import { eraChoiceLabel } from '../../shared/era-profile.ts';

const TRANSPORT_LABEL = { auto: 'HTTP, then SSE', 'streamable-http': 'Streamable HTTP', sse: 'Legacy SSE' } as const;

export function SavedServerList() {
  const servers = useStoreOf('savedServers', (state) => state.servers);
  const sorted = useMemo(() => recentFirst(servers), [servers]);
  return (
    <section className="panel saved-servers" aria-labelledby="saved-servers-title">
      <h2 id="saved-servers-title" className="section-title">
        Saved servers
      </h2>
      {sorted.length === 0 ? (
        <p className="empty-state">
          No saved servers yet. Connect to one and press <strong>Save server</strong>, or import a client’s config below.
        </p>
      ) : (
        <ul className="saved-server-list" aria-label="Saved servers">
          {sorted.map((server) => (
            <SavedServerRow key={server.id} server={server} />
          ))}
        </ul>
      )}
    </section>
  );
}

const NOTHING_MISSING = { headerNames: [], urlParams: [] };

function SavedServerRow({ server }: { server: SavedServer }) {
  const { connectSaved } = useCommands().savedServers;
  const actions = useStoreOf('savedServers', (state) => state.actions);
  const [renaming, setRenaming] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [missing, setMissing] = useState<{ headerNames: string[]; urlParams: string[] }>(NOTHING_MISSING);

  const connect = async () => {
    const outcome = await connectSaved(server.id);
    setMissing(outcome.kind === 'needs-values' ? outcome : NOTHING_MISSING);
  };

  return (
    <li className="saved-server">
      <div className="saved-server-head">
        {renaming ? (
          <RenameForm
            name={server.name}
            onDone={(name) => {
              if (name !== undefined) actions.rename(server.id, name);
              setRenaming(false);
            }}
          />
        ) : (
          <span className="saved-server-name">
            <ServerText text={server.name} />
          </span>
        )}
        <span className="mono muted break saved-server-url">
          <UrlText url={server.url} />
        </span>
        <span className="muted saved-server-meta">
          {TRANSPORT_LABEL[server.transport]}
          {server.era !== 'auto' && ` · ${eraChoiceLabel(server.era)}`}
          {server.headers.length > 0 && ` · headers: ${server.headers.map((header) => header.name).join(', ')}`}
        </span>
      </div>
      <div className="saved-server-actions">
        <button
          type="button"
          className="button button-small button-primary"
          aria-label={`Connect to ${server.name}`}
          onClick={() => void connect()}
        >
          Connect
        </button>
        <button type="button" className="button button-small" aria-label={`Rename ${server.name}`} onClick={() => setRenaming(true)}>
          Rename
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={`Duplicate ${server.name}`}
          onClick={() => actions.duplicate(server.id)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={`Export ${server.name}`}
          aria-expanded={exporting}
          onClick={() => setExporting((open) => !open)}
        >
          Export
        </button>
        <button
          type="button"
          className="button button-small"
          aria-label={`Delete ${server.name}`}
          onClick={() => actions.remove(server.id)}
        >
          Delete
        </button>
      </div>
      {(missing.headerNames.length > 0 || missing.urlParams.length > 0) && (
        <p className="hint hint-warning" role="status">
          {missing.headerNames.length > 0 && `Fill in the value of ${missing.headerNames.join(', ')} under Headers`}
          {missing.headerNames.length > 0 && missing.urlParams.length > 0 && ', and '}
          {missing.urlParams.length > 0 &&
            `${missing.headerNames.length > 0 ? 'of' : 'Fill in the value of'} ${missing.urlParams.join(', ')} in the Server URL`}{' '}
          (not kept on this device), then press Connect.
        </p>
      )}
      {exporting && <ExportSnippets server={server} />}
    </li>
  );
}

function RenameForm({ name, onDone }: { name: string; onDone: (name: string | undefined) => void }) {
  const [draft, setDraft] = useState(name);
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        onDone(draft);
      }}
    >
      <input
        className="input input-small"
        aria-label="Server name"
        value={draft}
        maxLength={200}
        autoFocus
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone(undefined);
        }}
      />
      <button type="submit" className="button button-small">
        Save name
      </button>
    </form>
  );
}
