import { useId, useState } from 'react';
import { punycodeNote } from '../common/punycode-note.ts';
import type { ServerSummary } from '../../shared/model.ts';
import { redactUrl } from '../../shared/redact.ts';
import { checkNavigableUrl } from '../../shared/url.ts';
import { oneLine, prettyJson } from '../common/format.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { revealInvisible } from '../common/reveal-invisible.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useViaRelay } from '../common/use-via-relay.ts';
import { useStoreOf } from '../services.tsx';
import { Secret } from '../demo/Secret.tsx';
import { useShownUrl } from '../demo/use-demo.ts';
import { describeCapabilities } from './capabilities.ts';
import { CheckCors } from './CheckCors.tsx';
import { EraRows, ServerJson } from './EraRows.tsx';
import { readEraFacts, sessionText } from './era-facts.ts';
import { PingButton } from './PingButton.tsx';
import './server.css';

export function ServerPanel() {
  const live = useStoreOf('connection', (state) => state.summary);
  // A saved session being browsed shows the server it was saved from.
  const saved = useStoreOf('sessionFile', (state) => state.replay?.server ?? null);
  const summary = live ?? saved;
  if (!summary) return null;
  return <ServerDetails summary={summary} />;
}

/** The server is on another origin than this page, so CORS decides which response headers the engine can read. */
function isCrossOrigin(url: unknown): boolean {
  try {
    return new URL(String(url)).origin !== window.location.origin;
  } catch {
    return true;
  }
}

function ServerDetails({ summary }: { summary: ServerSummary }) {
  // A saved session cannot be probed: the CORS doctor is for the live server.
  const replay = useStoreOf('sessionFile', (state) => state.replay !== null);
  const { server } = summary;
  const website = typeof server.websiteUrl === 'string' ? checkNavigableUrl(server.websiteUrl) : null;
  const displayName = server.title || server.name;
  const era = readEraFacts(summary);
  const session = sessionText(era, summary.sessionId, { transport: summary.transport, crossOrigin: isCrossOrigin(summary.url) });
  // Folding the card away keeps the tabs and the tool in view on a short window; the name stays.
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const viaRelay = useViaRelay();
  const shownUrl = useShownUrl(summary.url);
  return (
    <section className="panel server-panel" aria-labelledby="server-panel-title">
      <header className="server-header">
        <ServerIcon icons={server.icons} label={String(server.name)} size="large" />
        <div className="server-heading">
          <h2 id="server-panel-title">
            <ServerText text={displayName} />
            {server.version && (
              <span className="server-version mono">
                v<ServerText text={server.version} />
              </span>
            )}
          </h2>
          {server.title && server.title !== server.name && (
            <div className="server-name mono">
              <ServerText text={server.name} />
            </div>
          )}
          {server.description && open && (
            <p className="server-description">
              <ServerText text={server.description} />
            </p>
          )}
        </div>
        <button
          type="button"
          className="button button-small server-toggle"
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setOpen((value) => !value)}
        >
          Server details <span aria-hidden="true">{open ? '▴' : '▾'}</span>
        </button>
      </header>

      <div id={bodyId} className="server-body" hidden={!open}>
        <div className="server-grid">
          <dl className="kv server-facts">
            <EraRows facts={era} />
            <dt>Transport</dt>
            <dd>{summary.transport === 'sse' ? 'Legacy HTTP+SSE' : 'Streamable HTTP'}</dd>
            {summary.extensions !== undefined && (
              <>
                <dt>Extensions</dt>
                <dd className="mono" title="Extensions in force: offered by both MCP Lens and the server (server/discover)">
                  {summary.extensions.length > 0 ? summary.extensions.join(', ') : <span className="muted">none in common</span>}
                </dd>
              </>
            )}
            <dt>Session</dt>
            <dd className={session.id !== undefined ? 'mono' : undefined}>
              {session.id !== undefined ? <Secret text={session.id} /> : <span className="muted server-no-session">{session.note}</span>}
            </dd>
            <dt>URL</dt>
            <dd className="mono break">
              {redactUrl(shownUrl)}
              {punycodeNote(summary.url) && <span className="hint punycode-note">{punycodeNote(summary.url)}</span>}
              {viaRelay && (
                <span className="hint relay-note">
                  via local relay: the relay on this machine forwards to the server it was started for
                </span>
              )}
            </dd>
            <dt>Ping</dt>
            <dd>
              <PingButton />
            </dd>
            {website && (
              <>
                <dt>Website</dt>
                <dd className="break">
                  {website.ok ? (
                    <>
                      <a href={website.url} target="_blank" rel="noopener noreferrer">
                        {website.url}
                      </a>
                      {punycodeNote(website.url) && <span className="hint punycode-note">{punycodeNote(website.url)}</span>}
                    </>
                  ) : (
                    <span className="mono" title={website.reason}>
                      <ServerText text={server.websiteUrl} /> <span className="muted">(not linked: {website.reason})</span>
                    </span>
                  )}
                </dd>
              </>
            )}
          </dl>

          <Capabilities capabilities={summary.capabilities} />
        </div>

        {era.probeBlocked && !replay && <CheckCors url={summary.url} />}

        {era.discover && <ServerJson title="Discover result" hint="server/discover, the era probe's answer" value={era.discover} />}
        <ServerJson title="Server info" hint={`${server.name}${server.version ? ` ${server.version}` : ''}`} value={server} />

        {summary.instructions && (
          <details className="server-section">
            <summary>
              Instructions <span className="summary-preview">{oneLine(revealInvisible(summary.instructions), 120)}</span>
            </summary>
            <p className="instructions">
              <ServerText text={summary.instructions} />
            </p>
          </details>
        )}
      </div>
    </section>
  );
}

function Capabilities({ capabilities }: { capabilities: Record<string, unknown> }) {
  const lines = describeCapabilities(capabilities);
  return (
    <div className="server-section">
      <h3>Capabilities</h3>
      {lines.length === 0 ? (
        <p className="muted">The server declared no capabilities.</p>
      ) : (
        <ul className="capabilities">
          {lines.map((line) => (
            <li key={line.name}>
              <span className="capability-name">
                <ServerText text={line.name} />
              </span>
              {line.flags.map((flag) => (
                <span key={flag} className="badge">
                  <ServerText text={flag} />
                </span>
              ))}
            </li>
          ))}
        </ul>
      )}
      <details>
        <summary>Raw JSON</summary>
        <pre className="code-block">{prettyJson(capabilities)}</pre>
      </details>
    </div>
  );
}
