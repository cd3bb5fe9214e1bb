/**
 * Auto's answer to a `server/discover` probe that got no response at all. In a page, the SDK reads the
 * opaque TypeError a CORS refusal throws as a 2025 verdict and falls back to initialize; it only
 * recognizes a page by `window` and `document`, which a Web Worker (where this engine runs) lacks, so
 * there the same refusal fails the connection. This gives the worker the page's behaviour: a server
 * whose CORS allow-list predates 2026-07-28 (no Mcp-Method, Mcp-Name) still connects, as 2025, and the
 * server panel says why and offers the CORS doctor.
 */
import type { ConnectParams } from '../shared/model.ts';
import { explainEra } from './era.ts';
import { isOpaqueNetworkFailure, probeNetworkCause } from './explain-error.ts';

/** True when Auto's probe failed the way a browser reports CORS (or an unreachable host): retry as 2025. */
export function isBlockedProbe(params: ConnectParams, error: unknown): boolean {
  if ((params.era ?? 'auto') !== 'auto' || params.transport === 'sse') return false;
  return probeNetworkCause(error) !== undefined && isOpaqueNetworkFailure(error);
}

/** The server panel's sentence for such a connection (era.ts words it, as for every other verdict). */
export function blockedProbeReason(error: unknown): string {
  const cause = probeNetworkCause(error);
  const text = cause instanceof Error ? cause.message : String(cause);
  return explainEra({ mode: 'auto' }, 'legacy', [{ kind: 'no-response', error: text }], false);
}
