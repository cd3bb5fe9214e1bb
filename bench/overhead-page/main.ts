/**
 * A benchmark-only page: the same tools/call made by the SDK client on this page and through MCP Lens's
 * engine in its Web Worker (the app's own bridge, worker entry, tapped fetch and event stream), in real
 * Chromium. Built and served by bench/run.ts; not part of the app.
 */
import '../../src/shared/trusted-types-install.ts';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEngineClient } from '../../src/bridge/engine-client.ts';

export interface OverheadFigures {
  sdkMs: number;
  engineMs: number;
  ratio: number;
}

declare global {
  interface Window {
    measureOverhead(url: string, calls: number): Promise<OverheadFigures>;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

window.measureOverhead = async (url, calls) => {
  const worker = new Worker(new URL('../../src/engine/worker.ts', import.meta.url), { type: 'module' });
  const engine = createEngineClient(worker);
  // Like the app, the UI side takes in every event (the log's messages, HTTP exchanges) as it arrives.
  let events = 0;
  engine.subscribe((batch) => (events += batch.length));
  await engine.call('connect', { url, headers: [], transport: 'streamable-http' });
  const sdk = new Client({ name: 'bench', version: '1.0.0' });
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));

  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  const sdkTimes: number[] = [];
  const engineTimes: number[] = [];
  // Alternating rounds, so drift in the machine's load hits both sides alike; the first rounds warm up.
  for (let round = -20; round < calls; round += 1) {
    let started = performance.now();
    await sdk.callTool(params);
    if (round >= 0) sdkTimes.push(performance.now() - started);
    started = performance.now();
    await engine.call('callTool', params);
    if (round >= 0) engineTimes.push(performance.now() - started);
  }
  await sdk.close();
  await engine.call('disconnect', undefined);
  engine.dispose();
  worker.terminate();
  if (events === 0) throw new Error('The engine reported no events: the round trip did not go through the app path.');
  const sdkMs = median(sdkTimes);
  const engineMs = median(engineTimes);
  return { sdkMs, engineMs, ratio: engineMs / sdkMs };
};
