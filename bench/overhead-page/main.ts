/**
 * A benchmark-only page: the same tools/call made by the SDK client on this page and through MCP Lens's
 * engine in its Web Worker (the app's own bridge, worker entry, tapped fetch and event stream), in real
 * Chromium. Built and served by bench/run.ts; not part of the app.
 */
import '../../src/shared/trusted-types/trusted-types-install.ts';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEngineClient } from '../../src/bridge/engine-client.ts';
import { realClock } from '../../src/engine/clock.ts';
import { createEngine } from '../../src/engine/engine.ts';
import { describeError } from '../../src/shared/read.ts';
import {
  compareRoundTrips,
  identityFrom,
  requestsSent,
  sdkClientLike,
  WITH_PROGRESS,
  type BrowserOverhead,
  type ClientIdentity,
} from '../round-trips.ts';
import type { ProtocolEra } from '../../src/shared/model.ts';

declare global {
  interface Window {
    measureOverhead(url: string, calls: number, era: ProtocolEra): Promise<BrowserOverhead>;
  }
}

/** The bare SDK client in a worker of its own (sdk-worker.ts), called by message. */
async function sdkInWorker(url: string, era: ProtocolEra, identity: ClientIdentity) {
  const worker = new Worker(new URL('./sdk-worker.ts', import.meta.url), { type: 'module' });
  let nextId = 0;
  const ask = (message: object) =>
    new Promise<unknown>((resolve, reject) => {
      const id = ++nextId;
      const onMessage = (event: MessageEvent<{ id: number; ok: boolean; value?: unknown; error?: string }>) => {
        if (event.data.id !== id) return;
        worker.removeEventListener('message', onMessage);
        if (event.data.ok) resolve(event.data.value);
        else reject(new Error(event.data.error));
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage({ ...message, id });
    });
  await ask({ kind: 'connect', url, era, identity });
  return { call: (params: object) => ask({ kind: 'call', params }), close: () => worker.terminate() };
}

/** How many times the others' calls the target row makes. */
const TARGET_SAMPLES = 4;

// The engine rejects with its own error objects, which Playwright would print as "Object".
window.measureOverhead = (url, calls, era) =>
  measure(url, calls, era).catch((error: unknown) => {
    throw new Error(describeError(error));
  });

async function measure(url: string, calls: number, era: ProtocolEra): Promise<BrowserOverhead> {
  const worker = new Worker(new URL('../../src/engine/worker.ts', import.meta.url), { type: 'module' });
  const engine = createEngineClient(worker);
  // Like the app, the UI side takes in every event (the log's messages, HTTP exchanges) as it arrives.
  let events = 0;
  const sent: unknown[] = [];
  const stopReading = engine.subscribe((batch) => sent.push(...requestsSent(batch)));
  engine.subscribe((batch) => (events += batch.length));
  await engine.call('connect', { url, headers: [], transport: 'streamable-http', era });
  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  // Every SDK client below sends the request the engine sends: its identity, its capabilities, a progress token.
  await engine.call('callTool', params);
  const identity = await identityFrom(sent);
  stopReading();
  const sdk = sdkClientLike(identity, era);
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));
  const sdkCall = () => sdk.callTool(params, WITH_PROGRESS);

  const figures = await compareRoundTrips(sdkCall, () => engine.call('callTool', params), calls);
  // The two parts of that, each against the same SDK client on the page: the worker hop alone (the SDK client
  // in a worker), and the engine alone (on the page, no worker).
  const hop = await sdkInWorker(url, era, identity);
  const sdkInWorkerFigures = await compareRoundTrips(sdkCall, () => hop.call(params), calls);
  // What the engine adds where it runs (the target): both sides pay the hop, so only the engine's own work
  // (its instrumentation, and its events crossing with the result) is left between them. That is about 0.1 ms
  // of a 3-6 ms round trip, so this row takes more calls: the median of 300 moved the ratio by 2-3% from one
  // run to the next on a quiet machine.
  const engineInWorker = await compareRoundTrips(
    () => hop.call(params),
    () => engine.call('callTool', params),
    calls * TARGET_SAMPLES,
  );
  hop.close();
  const onPage = createEngine({ fetch: (input, init) => fetch(input, init), clock: realClock, emit: () => undefined });
  await onPage.call('connect', { url, headers: [], transport: 'streamable-http', era });
  const engineOnPage = await compareRoundTrips(sdkCall, () => onPage.call('callTool', params, new AbortController().signal), calls);
  await onPage.call('disconnect', undefined);
  await sdk.close();
  await engine.call('disconnect', undefined);
  engine.dispose();
  worker.terminate();
  if (events === 0) throw new Error('The engine reported no events: the round trip did not go through the app path.');
  return { ...figures, sdkInWorker: sdkInWorkerFigures, engineOnPage, engineInWorker };
}
