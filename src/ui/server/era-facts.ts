import { isRecord } from '../../shared/read.ts';
/**
 * What the server panel says about the protocol era, read defensively: a live summary has every field,
 * but one from an older session file has no era, no reason and no discover result, and a hostile file
 * may have anything. Missing or odd fields read as unknown, never as a crash.
 */

type EraKind = 'modern' | 'legacy' | 'unknown';

export interface EraFacts {
  era: EraKind;
  /** The era badge: "2026-07-28 (stateless)", "2025 era", or "era unknown". */
  badge: string;
  /** The engine's one sentence on how the era was decided; absent in older files. */
  reason?: string;
  protocolVersion: string;
  /** Modern era: the revisions the server's server/discover lists (the first MAX_VERSIONS). */
  supportedVersions: string[];
  /** How many versions the server listed, cut ones included (ServerSummary.cut). */
  versionCount: number;
  /** Modern era: the server/discover result as the server sent it. */
  discover?: Record<string, unknown>;
  /** Auto's probe got no response (CORS, usually), so 2025 was used without evidence: offer the CORS doctor. */
  probeBlocked: boolean;
}

const BADGES: Record<EraKind, string> = { modern: '2026-07-28 (stateless)', legacy: '2025 era', unknown: 'era unknown' };
const MAX_VERSIONS = 100;

export function readEraFacts(summary: unknown): EraFacts {
  const s = isRecord(summary) ? summary : {};
  const era: EraKind = s.era === 'modern' || s.era === 'legacy' ? s.era : 'unknown';
  const versions = Array.isArray(s.supportedVersions)
    ? s.supportedVersions.filter((v): v is string => typeof v === 'string').slice(0, MAX_VERSIONS)
    : [];
  return {
    era,
    badge: BADGES[era],
    ...(typeof s.eraReason === 'string' && s.eraReason.trim() !== '' && { reason: s.eraReason }),
    protocolVersion: typeof s.protocolVersion === 'string' ? s.protocolVersion : 'unknown',
    supportedVersions: versions,
    versionCount: Math.max(versions.length, isRecord(s.cut) && typeof s.cut.supportedVersions === 'number' ? s.cut.supportedVersions : 0),
    ...(isRecord(s.discover) && { discover: s.discover }),
    probeBlocked: s.probeBlocked === true && era === 'legacy',
  };
}

/** Where the connection was made from, for what "Session" can truthfully say. */
export interface SessionContext {
  /** `sse`: the legacy HTTP+SSE transport, which names the session in its message endpoint URL. */
  transport?: unknown;
  /** The server is on another origin than the app: a browser reads only the response headers CORS exposes. */
  crossOrigin?: boolean;
}

/**
 * What "Session" says. A 2026-07-28 server has none by design. Legacy HTTP+SSE has one, but in the endpoint
 * URL rather than a header. On Streamable HTTP from another origin, "none" may only mean the browser was not
 * allowed to read the header, so say both.
 */
export function sessionText(facts: Pick<EraFacts, 'era'>, sessionId: unknown, context: SessionContext = {}): { id?: string; note: string } {
  if (typeof sessionId === 'string' && sessionId !== '') return { id: sessionId, note: '' };
  if (facts.era === 'modern') return { note: 'none: 2026-07-28 is stateless by design' };
  if (context.transport === 'sse')
    return { note: 'kept by the server in the message endpoint URL (HTTP+SSE has no Mcp-Session-Id header)' };
  if (context.crossOrigin) {
    return {
      note: 'none visible: either the server keeps no session, or it sent Mcp-Session-Id without listing it in Access-Control-Expose-Headers, which hides it from the browser',
    };
  }
  return { note: 'none (the server keeps no session)' };
}
