/**
 * tools/call round trip: through our engine in a worker thread (boundary, tapped fetch, message log) versus
 * the SDK client called directly, against the same server. Alternating rounds, median of each.
 */
import { Worker } from 'node:worker_threads';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEngineClient } from '../src/bridge/engine-client.ts';
import type { Endpoint } from '../src/shared/boundary.ts';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureOverhead(url: string, calls = 300): Promise<{ sdkMs: number; engineMs: number; ratio: number }> {
  const worker = new Worker(new URL('./engine-thread.mjs', import.meta.url));
  const listeners = new Map<unknown, (data: unknown) => void>();
  const endpoint: Endpoint = {
    postMessage: (message) => worker.postMessage(message),
    addEventListener: (_type, listener) => {
      const wrapped = (data: unknown) => listener({ data } as MessageEvent);
      listeners.set(listener, wrapped);
      worker.on('message', wrapped);
    },
    removeEventListener: (_type, listener) => {
      const wrapped = listeners.get(listener);
      if (wrapped) worker.off('message', wrapped);
    },
  };
  const engine = createEngineClient(endpoint, { schedule: (flush) => setImmediate(flush) });
  await engine.call('connect', { url, headers: [], transport: 'streamable-http' });

  const sdk = new Client({ name: 'bench', version: '1.0.0' });
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));

  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  const sdkTimes: number[] = [];
  const engineTimes: number[] = [];
  for (let round = 0; round < 20; round += 1) {
    await sdk.callTool(params);
    await engine.call('callTool', params);
  }
  for (let round = 0; round < calls; round += 1) {
    let started = performance.now();
    await sdk.callTool(params);
    sdkTimes.push(performance.now() - started);
    started = performance.now();
    await engine.call('callTool', params);
    engineTimes.push(performance.now() - started);
  }
  await sdk.close();
  await engine.call('disconnect', undefined);
  engine.dispose();
  await worker.terminate();
  const sdkMs = median(sdkTimes);
  const engineMs = median(engineTimes);
  return { sdkMs, engineMs, ratio: engineMs / sdkMs };
}
