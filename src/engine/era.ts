/**
 * Which protocol era to speak, and why. The SDK runs the `server/discover` probe and decides; this file
 * chooses the SDK's negotiation mode from the user's setting and the remembered verdict, watches the
 * probe on the wire, and turns what it saw into one sentence the server panel can show.
 */
import { SdkError, SdkErrorCode, SdkHttpError, type VersionNegotiationMode } from '@modelcontextprotocol/client';

import type { ConnectParams, KnownEra, ProtocolEra } from '../shared/model.ts';
import type { FetchLike } from './wire/wire-tap.ts';
import { sleep, type Clock } from './clock.ts';
import type { EngineError } from '../shared/errors.ts';
import { describeError } from '../shared/read.ts';
import { readRelayEraAnswer } from '../shared/relay.ts';
import { profileOf } from '../shared/era-profile.ts';
import { discoverProblem, malformedDiscoverError, readFirstResult, resultExcerpt } from './session/discover-check.ts';

const MODERN_PROTOCOL_VERSION = profileOf('modern').protocolVersion;

/** A remembered 2025 verdict skips the probe for this long; an upgraded server is then noticed. */
export const KNOWN_LEGACY_HORIZON_MS = 24 * 60 * 60 * 1000;

export type EraPlan =
  /** `probe-blocked`: Auto's probe never reached the server (in a browser: usually CORS), so 2025 is tried. */
  { mode: 'legacy'; why: 'pinned' | 'remembered' | 'probe-blocked'; known?: KnownEra } | { mode: 'auto' } | { mode: 'pin' };

export function planEra(params: ConnectParams, now: number): EraPlan {
  const choice = params.era ?? 'auto';
  if (choice === 'legacy') return { mode: 'legacy', why: 'pinned' };
  if (choice === 'modern') return { mode: 'pin' };
  const known = params.knownEra;
  if (known?.era === 'legacy' && now - known.at < KNOWN_LEGACY_HORIZON_MS) return { mode: 'legacy', why: 'remembered', known };
  return { mode: 'auto' };
}

/** The plan speaks 2025 without a probe for this reason. */
export const legacyBecause = (plan: EraPlan, why: Extract<EraPlan, { mode: 'legacy' }>['why']): boolean =>
  plan.mode === 'legacy' && plan.why === why;

export function negotiationMode(plan: EraPlan): VersionNegotiationMode {
  if (plan.mode === 'pin') return { pin: MODERN_PROTOCOL_VERSION };
  return plan.mode;
}

/**
 * What the `server/discover` probe got back, as the wire saw it. `relay` is the local relay's own sentence
 * when the relay, not the stdio server it runs, answered (src/shared/relay.ts, RELAY_ERA_DATA_KEY); it is
 * believed only on a connection through a relay.
 */
export type ProbeEvidence =
  | {
      kind: 'answered';
      status: number;
      rpcCode?: number;
      rpcMessage?: string;
      supported?: string[];
      relay?: string;
      /** A 2xx whose result is not a valid discover result: what is wrong with it (src/engine/session/discover-check.ts). */
      invalid?: string;
      /** That result as sent, bounded. */
      invalidResult?: string;
    }
  | { kind: 'no-response'; error: string }
  /**
   * The server asked to slow down (429, or 408): not an answer about the era. `waitedMs` is how long MCP Lens
   * waited before probing again; undefined when the connect timeout left no room to wait.
   */
  | { kind: 'busy'; status: number; waitedMs?: number };

/** How a probe that was told to slow down waits: within the connect's own time, a few times at most. */
interface ProbePacing {
  clock: Clock;
  /** When the connect gives up (its start plus the connect timeout). */
  deadline: number;
  plan: EraPlan;
  note: (text: string) => void;
}

/** Waits on one probe: after this many, a still-busy server is left alone. */
const MAX_PROBE_WAITS = 3;
/** A 429 without Retry-After is waited on this long. */
const DEFAULT_RETRY_MS = 1000;
/** Room kept after a wait for the probe itself and the rest of the handshake. */
const ROOM_AFTER_WAIT_MS = 2000;

const PROBE_BODY_CHARS = 4096;

/**
 * Wraps the transport's fetch to record each `server/discover` exchange. It reads a copy of error
 * bodies (bounded) and never touches a success body, which the SDK is streaming.
 */
export function createProbeWatch(pacing: ProbePacing) {
  const seen: ProbeEvidence[] = [];
  const reads: Array<Promise<void>> = [];
  const stop = new AbortController();
  const wrap =
    (inner: FetchLike): FetchLike =>
    async (input, init) => {
      if (!isDiscover(init?.body)) return inner(input, init);
      let response: Response;
      for (let waits = 0; ; waits += 1) {
        try {
          response = await inner(input, init);
        } catch (error) {
          seen.push({ kind: 'no-response', error: describeError(error) });
          throw error;
        }
        // A busy server says nothing about its era (the SDK would read this 4xx as a 2025 answer): wait as asked, and ask again.
        if (!NOT_EVIDENCE.has(response.status)) break;
        const wait = retryAfterMs(response.headers.get('retry-after'), pacing.clock.now()) ?? DEFAULT_RETRY_MS;
        const fits = waits < MAX_PROBE_WAITS && pacing.clock.now() + wait + ROOM_AFTER_WAIT_MS <= pacing.deadline;
        seen.push({ kind: 'busy', status: response.status, ...(fits && { waitedMs: wait }) });
        if (!fits) {
          await response.body?.cancel().catch(() => undefined);
          // Pinned, or where no 2025 handshake may follow: end with the reason rather than a guess.
          if (pacing.plan.mode !== 'auto') throw notEvidence(response, waits, pacing.clock.now());
          pacing.note(busyNote(response.status, waits, undefined));
          return busyAsLegacyProbe(response);
        }
        await response.body?.cancel().catch(() => undefined);
        pacing.note(busyNote(response.status, waits, wait));
        await sleep(pacing.clock, wait, init?.signal ?? undefined);
      }
      if (!response.ok) {
        seen.push(await readError(response));
        return response;
      }
      const answered: Extract<ProbeEvidence, { kind: 'answered' }> = { kind: 'answered', status: response.status };
      seen.push(answered);
      // Read beside the SDK, from a copy: the SDK takes an invalid result for a 2025 answer and says nothing.
      reads.push(
        readFirstResult(response.clone(), stop.signal).then((read) => {
          if (read === undefined) return;
          if ('error' in read) {
            // A 2025 server's -32601 often comes with HTTP 200.
            if (read.error.code !== undefined) answered.rpcCode = read.error.code;
            if (read.error.message !== undefined) answered.rpcMessage = read.error.message;
            return;
          }
          const problem = discoverProblem(read.result);
          if (problem === undefined) return;
          answered.invalid = problem;
          answered.invalidResult = resultExcerpt(read.result);
        }),
      );
      return response;
    };
  return {
    wrap,
    seen: (): readonly ProbeEvidence[] => seen,
    /** Waits for the copies being read; once the connect failed, a copy still open is cancelled rather than waited for. */
    async settled(options: { cancel?: boolean } = {}): Promise<void> {
      if (options.cancel) stop.abort();
      await Promise.all(reads);
    },
  };
}

/**
 * Pinned to 2026-07-28, and the probe got a 2025-era answer (a JSON-RPC error such as -32601, or a 4xx):
 * the server speaks the other era. Said so, with the server's answer, in place of the SDK's "did not offer".
 */
export function otherEraFailure(plan: EraPlan, error: unknown, probes: readonly ProbeEvidence[]): EngineError | undefined {
  if (plan.mode !== 'pin' || !SdkError.isInstance(error) || error.code !== SdkErrorCode.EraNegotiationFailed) return undefined;
  const last = probes.at(-1);
  if (last?.kind !== 'answered' || last.invalid !== undefined || (last.rpcCode === undefined && last.status < 400)) return undefined;
  return {
    code: 'unsupported-version',
    message: `Pinned to ${MODERN_PROTOCOL_VERSION}, but the server answered server/discover with ${describe(last)}, as a server of the 2025 era (2025-11-25 and older) does. Choose Auto or "2025 and older" beside Connect.`,
    // The server's answer, not the SDK's "did not offer", which the sentence corrects.
    detail: `server/discover got ${describe(last)}`,
    ...(last.status >= 400 && { httpStatus: last.status }),
    ...(last.rpcCode !== undefined && { rpcCode: last.rpcCode }),
  };
}

/** The first probe answer that was a result, but not a valid discover result: a 2026-07-28 server's own fault. */
export function malformedDiscover(plan: EraPlan, probes: readonly ProbeEvidence[]): EngineError | undefined {
  if (plan.mode === 'legacy') return undefined;
  const invalid = probes.find((p) => p.kind === 'answered' && p.invalid !== undefined);
  return invalid?.kind === 'answered' && invalid.invalid !== undefined
    ? malformedDiscoverError(invalid.invalid, plan.mode === 'pin', invalid.invalidResult)
    : undefined;
}

/** Answers to the probe that say the server is busy, not which era it speaks (5xx the SDK already refuses). */
const NOT_EVIDENCE = new Set([408, 429]);

const busyWords = (status: number) => (status === 429 ? 'HTTP 429 Too Many Requests' : 'HTTP 408 Request Timeout');
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** What the log says about a busy answer to the probe: that it is not about the era, and what MCP Lens does next. */
function busyNote(status: number, waits: number, waitMs: number | undefined): string {
  const again = waits > 0 ? ' again' : '';
  const head = `The server answered the 2026-07-28 probe (server/discover)${again} with ${busyWords(status)}: it asks to slow down, which says nothing about the protocol era it speaks.`;
  return waitMs !== undefined
    ? `${head} Waiting ${seconds(waitMs)} (its Retry-After, or ${seconds(DEFAULT_RETRY_MS)} when it gives none), then probing again.`
    : `${head} The connect timeout leaves no time to wait again, so MCP Lens tries the 2025 initialize handshake; the era is not remembered, and the next Connect probes again.`;
}

/**
 * Pinned to 2026-07-28 and the server is still busy: the connect ends with the reason rather than a guess,
 * and nothing is remembered about the endpoint's era.
 */
function notEvidence(response: Response, waits: number, now: number): EngineError {
  const retry = retryAfterMs(response.headers.get('retry-after'), now);
  const wait = retry === undefined ? '' : `wait ${seconds(retry)} (its Retry-After) and `;
  const waited = waits === 0 ? '' : ` after MCP Lens waited and probed ${waits === 1 ? 'once' : `${waits} times`} more`;
  return {
    code: 'http',
    httpStatus: response.status,
    message: `The server answered the 2026-07-28 probe (server/discover) with ${busyWords(response.status)}${waited}: it is busy or limiting requests, which says nothing about the protocol era it speaks. MCP Lens did not guess an era or remember one; ${wait}connect again.`,
  };
}

/**
 * The SDK reads a 4xx to its probe as a 2025 answer and goes on to initialize, which is what Auto does once
 * waiting is over. It gets the status without the body: a busy server's body is no era evidence either (a
 * -32022 in it would send the SDK back to probing). The log keeps what the server really sent.
 */
const busyAsLegacyProbe = (response: Response) => new Response(null, { status: response.status, statusText: response.statusText });

const IMF_FIXDATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** Retry-After in milliseconds from `now`: delay-seconds or an HTTP date (RFC 9110 10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  const text = value?.trim() ?? '';
  if (/^\d{1,6}$/.test(text)) return Number(text) * 1000;
  // Only the IMF-fixdate form ("Sun, 06 Nov 1994 08:49:37 GMT"): Date.parse takes "-5" for a year.
  const at = IMF_FIXDATE.test(text) ? Date.parse(text) : NaN;
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

function isDiscover(body: unknown): boolean {
  if (typeof body !== 'string' || !body.includes('server/discover')) return false;
  try {
    return (JSON.parse(body) as { method?: unknown }).method === 'server/discover';
  } catch {
    return false;
  }
}

async function readError(response: Response): Promise<ProbeEvidence> {
  const text = await response
    .clone()
    .text()
    .then((t) => t.slice(0, PROBE_BODY_CHARS))
    .catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown; data?: { supported?: unknown } } };
    const { error } = body;
    const supported = error?.data?.supported;
    const relay = readRelayEraAnswer(body)?.message;
    return {
      kind: 'answered',
      status: response.status,
      ...(typeof error?.code === 'number' && { rpcCode: error.code }),
      ...(typeof error?.message === 'string' && { rpcMessage: error.message.slice(0, 200) }),
      ...(Array.isArray(supported) && { supported: supported.filter((v): v is string => typeof v === 'string').slice(0, 20) }),
      ...(relay !== undefined && { relay }),
    };
  } catch {
    return { kind: 'answered', status: response.status };
  }
}

const describe = (e: ProbeEvidence): string => {
  if (e.kind === 'no-response') return `no response (${e.error})`;
  if (e.kind === 'busy') return busyWords(e.status);
  const rpc = e.rpcCode === undefined ? '' : ` with JSON-RPC error ${e.rpcCode}${e.rpcMessage ? ` "${e.rpcMessage}"` : ''}`;
  return `HTTP ${e.status}${rpc}`;
};

// Said only once initialize went through: the plain request passed, so a refused probe points at its added headers.
const PROBE_NOT_SENT =
  'The browser could not send the 2026-07-28 probe (no response), yet the 2025 initialize handshake went through: usually CORS, because the server does not allow the Mcp-Method and Mcp-Name request headers a 2026-07-28 request adds.';

/** The local relay's own answer to the last probe, on a connection through a relay. */
const relayAnswered = (probes: readonly ProbeEvidence[], viaRelay: boolean): string | undefined => {
  const last = probes.at(-1);
  return viaRelay && last?.kind === 'answered' ? last.relay : undefined;
};

/** One sentence on how the era was decided, for the server panel and the log. */
export function explainEra(
  plan: EraPlan,
  era: ProtocolEra,
  probes: readonly ProbeEvidence[],
  via: { sse: boolean; relay: boolean },
): string {
  if (via.sse)
    return 'The endpoint refused Streamable HTTP, so MCP Lens connected over the legacy HTTP+SSE transport, which only the 2025 era and older have.';
  if (plan.mode === 'legacy' && plan.why === 'pinned')
    return 'Pinned to 2025-11-25 and older: connected with the initialize handshake, without a probe.';
  if (plan.mode === 'legacy' && plan.why === 'probe-blocked') {
    return PROBE_NOT_SENT;
  }
  if (plan.mode === 'legacy') {
    const when = plan.known ? new Date(plan.known.at).toISOString().slice(0, 16).replace('T', ' ') : 'earlier';
    return `This endpoint answered as a 2025-era server (${when} UTC), so MCP Lens connected with initialize without probing. Choose 2026-07-28 to try the modern era.`;
  }
  const corrective = probes.find((p) => p.kind === 'answered' && p.rpcCode === -32022);
  const last = probes.at(-1);
  const waited = busyPrelude(probes);
  if (last?.kind === 'busy')
    return `${waited}MCP Lens connected with the 2025 initialize handshake without an answer about the era, and does not remember one: the next Connect probes again.`;
  if (era === 'modern') {
    const retried = corrective
      ? ` after the first probe was refused with -32022 (the server supports ${corrective.kind === 'answered' ? (corrective.supported ?? []).join(', ') : ''})`
      : '';
    return plan.mode === 'pin'
      ? `${waited}Pinned to ${MODERN_PROTOCOL_VERSION}: server/discover offered it${retried}.`
      : `${waited}server/discover answered with ${MODERN_PROTOCOL_VERSION} among the server's supported versions${retried}.`;
  }
  if (!last) return 'Connected with the 2025 initialize handshake.';
  if (last.kind === 'no-response') return PROBE_NOT_SENT;
  const relay = relayAnswered(probes, via.relay);
  if (relay !== undefined)
    return `The local relay, not the server, answered server/discover: ${relay} So MCP Lens connected with the 2025 initialize handshake.`;
  if (last.status >= 200 && last.status < 300 && last.rpcCode === undefined)
    return last.invalid !== undefined
      ? `server/discover answered, but its result is not valid (${last.invalid}), so MCP Lens connected with the 2025 initialize handshake, which the server also speaks.`
      : 'server/discover answered, but not with a 2026-07-28 discover result, so MCP Lens connected with the 2025 initialize handshake.';
  return `${waited}server/discover got ${describe(last)}, a 2025-era answer, so MCP Lens connected with the 2025 initialize handshake.`;
}

/** How busy answers to the probe were waited out, as the start of the era sentence; empty when there were none. */
function busyPrelude(probes: readonly ProbeEvidence[]): string {
  const busy = probes.filter((p) => p.kind === 'busy');
  if (busy.length === 0) return '';
  const waited = busy.flatMap((p) => (p.waitedMs === undefined ? [] : [p.waitedMs]));
  const times = busy.length === 1 ? 'once' : busy.length === 2 ? 'twice' : `${busy.length} times`;
  const wait = waited.length === 0 ? 'had no time left to wait' : `waited ${waited.map(seconds).join(', then ')} as asked and probed again`;
  return `The server told the probe to slow down ${times} (${describe(busy[0]!)}), which is not an answer about the era; MCP Lens ${wait}. `;
}

/**
 * Through the local relay, a refusal the relay wrote itself is the relay's, not the server's: its stdio
 * server keeps one era per process (src/node/relay/stdio-era.ts). Worded so, in place of "the server did not
 * offer 2026-07-28" (a pinned probe the relay answered) or an HTTP 400 to `initialize` (which would otherwise
 * send the engine looking for the legacy HTTP+SSE transport). Undefined for every other failure.
 */
export function relayEraFailure(
  plan: EraPlan,
  error: unknown,
  probes: readonly ProbeEvidence[],
  viaRelay: boolean,
): EngineError | undefined {
  if (!viaRelay) return undefined;
  if (SdkHttpError.isInstance(error) && typeof error.data.text === 'string') {
    const answer = readRelayEraAnswer(parseJson(error.data.text.slice(0, PROBE_BODY_CHARS)));
    if (answer)
      return {
        code: 'unsupported-version',
        httpStatus: error.status,
        message: `The local relay, not the server, refused initialize: ${answer.message}`,
      };
  }
  const relay = relayAnswered(probes, true);
  if (plan.mode === 'pin' && relay !== undefined && SdkError.isInstance(error) && error.code === SdkErrorCode.EraNegotiationFailed) {
    return {
      code: 'unsupported-version',
      message: `Pinned to ${MODERN_PROTOCOL_VERSION}, but the local relay, not the server, answered server/discover: ${relay}`,
      detail: error.message,
    };
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
