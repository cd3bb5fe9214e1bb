/** The connected (or saved) server's card: its identity, era, session, capabilities and instructions. */
import { useId, useState } from 'react';
import { punycodeNote } from '../common/punycode-note.ts';
import type { ServerSummary } from '../../shared/model.ts';
import { redactUrl } from '../../shared/redact.ts';
import { checkNavigableUrl } from '../../shared/url.ts';
import { oneLine, prettyJson } from '../common/format.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { revealInvisible } from '../common/reveal-invisible.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useRelayVersion, useViaRelay } from '../common/use-via-relay.ts';
import { relayVersionWarning } from '../../shared/relay.ts';
import { LENS_VERSION } from '../../shared/version.ts';
import { useStoreOf } from '../services.tsx';
import { HeaderValue } from '../presentation/HeaderValue.tsx';
import { UrlText } from '../presentation/UrlText.tsx';
import { describeCapabilities } from './capabilities.ts';
import { CheckCors } from './CheckCors.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import { CutText } from './CutText.tsx';
import { EraRows, ServerJson } from './EraRows.tsx';
import { readEraFacts, sessionText } from './era-facts.ts';
import { PingButton } from './PingButton.tsx';
import { ServerContractActions } from '../contracts/ServerContractActions.tsx';

/** The server is on another origin than this page, so CORS decides which response headers the engine can read. */
function isCrossOrigin(url: unknown): boolean {
  try {
    return new URL(String(url)).origin !== window.location.origin;
  } catch {
    return true;
  }
}

/** Characters of the instructions read for their one-line preview: 64 K of them would be scanned on every render. */
const PREVIEW_SOURCE_CHARS = 400;
/** How much of the server's own text the panel shows before "Show all" (the engine kept more: identity-bounds.ts). */
const NAME_SHOWN = 120;
const DESCRIPTION_SHOWN = 400;
const INSTRUCTIONS_SHOWN = 4_000;

export function ServerDetails({ summary }: { summary: ServerSummary }) {
  // A saved session cannot be probed: the CORS doctor is for the live server.
  const replay = useStoreOf('sessionFile', (state) => state.replay !== null);
  const { server } = summary;
  const website = typeof server.websiteUrl === 'string' ? checkNavigableUrl(server.websiteUrl) : null;
  const displayName = server.title || server.name;
  const era = readEraFacts(summary);
  const session = sessionText(era, summary.sessionId, { transport: summary.transport, crossOrigin: isCrossOrigin(summary.url) });
  // Connected, the card is one line (name, version, era, description) so the work starts at the top of the
  // pane; "Server details" opens the rest. The transport is in the toolbar's status, so not here again.
  // Open from the start when Auto's probe was blocked: the CORS doctor inside is the next step.
  const [open, setOpen] = useState(() => era.probeBlocked && !replay);
  const bodyId = useId();
  const viaRelay = useViaRelay();
  const relayWarning = relayVersionWarning(useRelayVersion(), LENS_VERSION);
  return (
    <section className={`panel server-panel${open ? '' : ' is-folded'}`} aria-labelledby="server-panel-title">
      <header className="server-header">
        <ServerIcon icons={server.icons} label={String(server.name)} size={open ? 'large' : 'small'} />
        <div className="server-heading">
          <h2 id="server-panel-title">
            <CutText text={displayName} shown={NAME_SHOWN} total={server.title ? summary.cut?.title : summary.cut?.name} what="name" />
            {server.version && (
              <span className="server-version mono">
                v<ServerText text={server.version} />
              </span>
            )}
          </h2>
          {server.title && server.title !== server.name && (
            <div className="server-name mono">
              <CutText text={server.name} shown={NAME_SHOWN} total={summary.cut?.name} what="name" />
            </div>
          )}
          {!open && (
            <span className="server-oneline muted">
              <span className="badge">{era.badge}</span>
              {server.description && (
                <span className="server-oneline-description">
                  <ServerText text={oneLine(String(server.description), 160)} />
                </span>
              )}
            </span>
          )}
          {server.description && open && (
            <p className="server-description">
              <CutText text={server.description} shown={DESCRIPTION_SHOWN} total={summary.cut?.description} what="description" />
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
              {session.id !== undefined ? (
                <HeaderValue text={session.id} />
              ) : (
                <span className="muted server-no-session">{session.note}</span>
              )}
            </dd>
            <dt>URL</dt>
            <dd className="mono break">
              <UrlText url={summary.url} redact={redactUrl} />
              {punycodeNote(summary.url) && <span className="hint punycode-note">{punycodeNote(summary.url)}</span>}
              {viaRelay && (
                <span className="hint relay-note">
                  via local relay: the relay on this machine forwards to the server it was started for
                </span>
              )}
              {relayWarning !== undefined && <span className="hint hint-warning relay-version-note">{relayWarning}</span>}
            </dd>
            <dt>Ping</dt>
            <dd>
              <PingButton />
            </dd>
            <dt>Contract</dt>
            <dd>
              <ServerContractActions />
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
        <ServerJson
          title="Server info"
          hint={oneLine(`${server.name}${server.version ? ` ${server.version}` : ''}`, NAME_SHOWN)}
          value={server}
        />

        {summary.instructions && (
          <details className="server-section">
            <summary>
              Instructions{' '}
              <span className="summary-preview">{oneLine(revealInvisible(summary.instructions.slice(0, PREVIEW_SOURCE_CHARS)), 120)}</span>
            </summary>
            <p className="instructions">
              <CutText text={summary.instructions} shown={INSTRUCTIONS_SHOWN} total={summary.cut?.instructions} what="instructions" />
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
      <LazyDetails summary="Raw JSON">{() => <pre className="code-block">{prettyJson(capabilities)}</pre>}</LazyDetails>
    </div>
  );
}
