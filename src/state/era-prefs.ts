/**
 * The protocol era setting and the era each server endpoint turned out to speak. The verdict is a
 * property of the server (spec: MAY persist), so the next Auto connection can skip the probe of a 2025
 * server. It is kept per endpoint (scheme, host, port and path: no query or credentials), since one origin
 * can host a 2025 server on one path and a dual-era one on another, and for at most
 * MAX_REMEMBERED_ENDPOINTS endpoints, the oldest dropped first. Verdicts kept per origin by an older MCP
 * Lens are dropped on load: one of them may have come from a neighbouring path.
 */
import type { EraChoice, KnownEra, ProtocolEra, ServerSummary } from '../shared/model.ts';
import { isProtocolEra } from '../shared/era-profile.ts';

export const MAX_REMEMBERED_ENDPOINTS = 50;
const ERA_CHOICES: readonly EraChoice[] = ['auto', 'modern', 'legacy'];

/**
 * How long a remembered 2025 verdict lets the engine skip the probe. It matches the engine's
 * KNOWN_LEGACY_HORIZON_MS (src/engine/era.ts; era-prefs.test.ts checks they agree): within it the engine
 * did not probe, so connecting again learned nothing new and the verdict keeps its age.
 */
export const KNOWN_LEGACY_SKIPS_PROBE_MS = 24 * 60 * 60 * 1000;

export type KnownEras = Record<string, KnownEra>;

export const isEraChoice = (value: unknown): value is EraChoice => ERA_CHOICES.includes(value as EraChoice);

/** The endpoint a verdict is kept under (origin and path), or undefined for something that is not an http(s) URL. */
export function eraEndpoint(url: string): string | undefined {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? `${parsed.origin}${parsed.pathname}` : undefined;
  } catch {
    return undefined;
  }
}

/** Stored verdicts through a strict reading: well-formed entries only, at most the newest MAX_REMEMBERED_ENDPOINTS. */
export function sanitizeKnownEras(value: unknown): KnownEras {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const entries = Object.entries(value as Record<string, unknown>).flatMap(([endpoint, entry]): Array<[string, KnownEra]> => {
    const { era, at } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<string, unknown>;
    if (eraEndpoint(endpoint) !== endpoint || !isProtocolEra(era) || typeof at !== 'number' || !Number.isFinite(at)) return [];
    return [[endpoint, { era, at }]];
  });
  return Object.fromEntries(newestFirst(entries).slice(0, MAX_REMEMBERED_ENDPOINTS));
}

const newestFirst = (entries: Array<[string, KnownEra]>) => entries.sort((a, b) => b[1].at - a[1].at);

/**
 * What to remember after a connection, or undefined to leave memory as it is. Only evidence counts: what
 * Auto found, or a pinned 2026-07-28 that worked. A pinned 2025 connection proves nothing (dual-era servers
 * accept it), nor does a probe that got no response (CORS: the server's era is still unknown, and the
 * next connection should say so again) or only HTTP 429s, and an era this MCP Lens cannot read (an older session file) is
 * no verdict.
 */
export function verdictOf(choice: EraChoice, summary: Pick<ServerSummary, 'era' | 'probeBlocked' | 'probeBusy'>): ProtocolEra | undefined {
  const era = (summary as { era?: unknown }).era;
  if (!isProtocolEra(era) || summary.probeBlocked === true || summary.probeBusy === true) return undefined;
  return choice === 'auto' || era === 'modern' ? era : undefined;
}

/** Memory with `era` recorded for `endpoint` at `now`, as a new object. */
export function rememberEra(known: KnownEras, endpoint: string, era: ProtocolEra, now: number): KnownEras {
  const previous = known[endpoint];
  // A fresh 2025 verdict made the engine skip the probe: nothing new was learned, so it keeps its age
  // and the server is probed again once it is old (an upgraded server is then noticed).
  const entry: KnownEra =
    previous?.era === 'legacy' && era === 'legacy' && now - previous.at < KNOWN_LEGACY_SKIPS_PROBE_MS ? previous : { era, at: now };
  if (entry === previous) return known;
  const others = Object.entries(known).filter(([key]) => key !== endpoint);
  return Object.fromEntries([[endpoint, entry] as [string, KnownEra], ...newestFirst(others).slice(0, MAX_REMEMBERED_ENDPOINTS - 1)]);
}
