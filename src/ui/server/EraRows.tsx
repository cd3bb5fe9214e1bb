import { oneLine, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { LazyDetails } from '../content/LazyDetails.tsx';
import { CutText } from './CutText.tsx';
import type { EraFacts } from './era-facts.ts';
import { formatCount } from '../../shared/read.ts';

/** Characters of the version list shown before "Show all" (about ten versions). */
const VERSIONS_SHOWN = 130;

/**
 * The era rows of the server facts (inside their <dl>): the era badge and why, the negotiated version,
 * and the versions the server supports. Everything the server sent is rendered as text.
 */
export function EraRows({ facts }: { facts: EraFacts }) {
  return (
    <>
      <dt>Era</dt>
      <dd className="server-era">
        <span className={`badge era-badge era-${facts.era}`}>{facts.badge}</span>
        {facts.reason !== undefined ? (
          <span className="era-reason">
            <ServerText text={facts.reason} />
          </span>
        ) : (
          facts.era === 'unknown' && <span className="era-reason muted">Saved by an MCP Lens that did not record the protocol era.</span>
        )}
      </dd>
      <dt>Protocol</dt>
      <dd className="mono">
        <ServerText text={facts.protocolVersion} />
        {facts.supportedVersions.length > 0 && (
          <span className="muted server-supported">
            {' '}
            · supports <CutText text={facts.supportedVersions.join(', ')} shown={VERSIONS_SHOWN} what="versions" />
            {facts.versionCount > facts.supportedVersions.length && (
              <>
                {' '}
                (the first {facts.supportedVersions.length} of {formatCount(facts.versionCount)} listed)
              </>
            )}
          </span>
        )}
      </dd>
    </>
  );
}

/**
 * A collapsed raw-JSON section of the panel (the discover result, the server info), as the server sent it.
 * Its JSON is written only when opened: a discover result can be 2,000 nodes, and the panel renders again on
 * every change of the connection.
 */
export function ServerJson({ title, hint, value }: { title: string; hint: string; value: unknown }) {
  return (
    <LazyDetails
      className="server-section"
      summary={
        <>
          {title} <span className="summary-preview mono">{oneLine(hint, 120)}</span>
        </>
      }
    >
      {() => <pre className="code-block">{prettyJson(value)}</pre>}
    </LazyDetails>
  );
}
