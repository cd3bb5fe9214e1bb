import { Client, type ClientCapabilities } from '@modelcontextprotocol/client';
import type { EngineEvent } from '../src/shared/events.ts';
import type { ProtocolEra } from '../src/shared/model.ts';

/** One comparison for every place the round trip is measured (the Chromium page, Node in-process). */
export interface OverheadFigures {
  sdkMs: number;
  engineMs: number;
  ratio: number;
}

/**
 * The Chromium comparison (the engine in its worker vs the SDK client on the page) and its two parts, each
 * against the same client on the page: the bare SDK client in a worker (the hop alone), and the engine on the
 * page without a worker (the engine alone). Then the engine in its worker against that SDK client in a worker.
 */
export interface BrowserOverhead extends OverheadFigures {
  sdkInWorker: OverheadFigures;
  engineOnPage: OverheadFigures;
  /** The engine in its worker against the bare SDK client in a worker: what the engine adds, the hop set aside. */
  engineInWorker: OverheadFigures;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Times `calls` round trips each way, alternating so that drift in the machine's load hits both alike, after
 * 20 warm-up rounds; medians, and the engine's as a multiple of the SDK's.
 */
export async function compareRoundTrips(
  sdkCall: () => Promise<unknown>,
  engineCall: () => Promise<unknown>,
  calls: number,
): Promise<OverheadFigures> {
  const sdkTimes: number[] = [];
  const engineTimes: number[] = [];
  for (let round = -20; round < calls; round += 1) {
    let started = performance.now();
    await sdkCall();
    if (round >= 0) sdkTimes.push(performance.now() - started);
    started = performance.now();
    await engineCall();
    if (round >= 0) engineTimes.push(performance.now() - started);
  }
  const sdkMs = median(sdkTimes);
  const engineMs = median(engineTimes);
  return { sdkMs, engineMs, ratio: engineMs / sdkMs };
}

/** Who a client says it is and what it can do: the two things that make its requests' bytes its own. */
export interface ClientIdentity {
  clientInfo: { name: string; version: string; title?: string };
  capabilities: Record<string, unknown>;
}

const META_INFO = 'io.modelcontextprotocol/clientInfo';
const META_CAPABILITIES = 'io.modelcontextprotocol/clientCapabilities';

/**
 * The identity the engine declared, read from the requests it sent (its message log): `initialize`'s params
 * in the 2025 era, a request's `_meta` in 2026-07-28. The comparison's SDK clients declare the same, so both
 * sides send the same request and the server does the same work for each: what is left between them is the
 * client's. (A bare SDK client declares no capabilities, and the demo server spends measurably more CPU on a
 * request whose `_meta` declares sampling, elicitation, roots and two extensions.)
 */
export function identityIn(sent: readonly unknown[]): ClientIdentity | undefined {
  for (const message of sent) {
    const { method, params } = message as { method?: string; params?: Record<string, unknown> };
    if (!params) continue;
    if (method === 'initialize') return { clientInfo: params.clientInfo as never, capabilities: params.capabilities as never };
    const meta = params._meta as Record<string, unknown> | undefined;
    if (meta?.[META_INFO]) return { clientInfo: meta[META_INFO] as never, capabilities: (meta[META_CAPABILITIES] ?? {}) as never };
  }
  return undefined;
}

/** The engine asks for progress on every tool call; the SDK sends a progress token only for a listener. */
export const WITH_PROGRESS = { onprogress: () => undefined };

/**
 * The comparison's SDK client: the engine's identity, speaking the same era (2026-07-28 pinned, or the 2025
 * handshake). The SDK leaves out of its `_meta` an extension it was not set up for (tasks), so in 2026-07-28
 * the capabilities go in at the same seam the engine's own client uses: every request carries exactly the
 * engine's.
 */
export function sdkClientLike(identity: ClientIdentity, era: ProtocolEra): Client {
  return new SameRequestClient(identity, era);
}

class SameRequestClient extends Client {
  readonly #capabilities: Record<string, unknown>;

  constructor(identity: ClientIdentity, era: ProtocolEra) {
    super(identity.clientInfo, {
      capabilities: identity.capabilities as ClientCapabilities,
      versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' },
    });
    this.#capabilities = identity.capabilities;
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    return envelope && { ...envelope, [META_CAPABILITIES]: this.#capabilities };
  }
}

/** Waits (a bounded while) for the engine's events to bring a request that names its identity. */
export async function identityFrom(sent: readonly unknown[]): Promise<ClientIdentity> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    const identity = identityIn(sent);
    if (identity) return identity;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('The engine sent no request that names its client and capabilities.');
}

/** The requests the engine sent, from a batch of its events (each as the message log holds it). */
export function requestsSent(events: readonly EngineEvent[]): unknown[] {
  return events.flatMap((event) =>
    event.type === 'message' && event.entry.kind === 'request' && event.entry.direction === 'out' ? [event.entry.message] : [],
  );
}
