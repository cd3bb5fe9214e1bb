/** A saved server as each client's config or command, with placeholders where header values go. */
import { exportSnippets } from '../../app/saved-servers/server-export.ts';
import type { SavedServer } from '../../state/index.ts';
import { useShownUrl } from '../presentation/use-presentation.ts';

export function ExportSnippets({ server }: { server: SavedServer }) {
  const headerNames = server.headers.map((header) => header.name);
  const snippets = exportSnippets({ ...server, headerNames });
  // On screen the URL's credentials may be masked (the presentation policy); Copy still copies what the client needs.
  const shown = exportSnippets({ ...server, url: useShownUrl(server.url), headerNames });
  return (
    <div className="export-snippets" role="group" aria-label={`Export ${server.name} for a client`}>
      {server.headers.length > 0 && (
        <p className="hint">Header values are never exported: replace each placeholder where the client keeps secrets.</p>
      )}
      {snippets.map((snippet, index) => (
        <figure key={`${snippet.client} ${snippet.where}`} className="export-snippet">
          <figcaption>
            {snippet.client} <span className="muted">({snippet.where})</span>
            <button
              type="button"
              className="button button-small"
              aria-label={`Copy for ${snippet.client} (${snippet.where})`}
              onClick={() => void navigator.clipboard?.writeText(snippet.text).catch(() => undefined)}
            >
              Copy
            </button>
          </figcaption>
          <pre className="code-block" aria-label={`${snippet.client} (${snippet.where})`}>
            {shown[index]?.text}
          </pre>
        </figure>
      ))}
    </div>
  );
}
