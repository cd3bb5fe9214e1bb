/**
 * The effect an environment may give the engine for HTTP a browser cannot send (EngineEnv.rawHttp): any
 * header, every response header read. Node's is src/node/http/raw-http.ts; the audit's probes use it.
 */
import type { ProbeRequest, ProbeResponse } from '../../shared/audit-probe.ts';

/** Sends one raw request to `url`; rejects on a network failure or the timeout. */
export type RawHttp = (url: string, request: ProbeRequest, options: { signal: AbortSignal; timeoutMs: number }) => Promise<ProbeResponse>;
