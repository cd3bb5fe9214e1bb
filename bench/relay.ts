/**
 * `npx tsx bench/relay.ts`: the round trip through the local relay against going direct, on loopback.
 * The real engine (src/test/support/engine-harness.ts) pings the demo server in a 2025 session (a ping is one
 * POST and its JSON answer, nothing else), first directly, then through the relay, then directly again,
 * so drift on a loaded machine shows as a difference between the two direct runs. A benchmark: it
 * reports, it does not fail.
 */
import { loadavg } from 'node:os';

import { startDemoServer } from '../src/node/demo-server/index.ts';
import { startRelay } from '../src/node/relay/relay.ts';
import type { HeaderPair } from '../src/shared/model.ts';
import { RELAY_TOKEN_HEADER } from '../src/shared/relay.ts';
import { createHarness } from '../src/test/support/engine-harness.ts';
import { percentile } from './browser.ts';

const PINGS = Number(process.env.BENCH_RELAY_PINGS ?? 500);
const WARMUP = 50;

async function measure(url: string, headers: HeaderPair[]): Promise<number[]> {
  const { engine } = createHarness();
  await engine.call('connect', { url, headers, transport: 'streamable-http', era: 'legacy' });
  for (let i = 0; i < WARMUP; i++) await engine.call('ping', undefined);
  const times: number[] = [];
  for (let i = 0; i < PINGS; i++) {
    const started = performance.now();
    await engine.call('ping', undefined);
    times.push(performance.now() - started);
  }
  await engine.call('disconnect', undefined);
  return times;
}

const demo = await startDemoServer();
const relay = await startRelay({ target: { kind: 'http', url: new URL(demo.url) }, allowedOrigins: [], log: () => undefined });
const runs = [
  ['direct', await measure(demo.url, [])],
  ['through the relay', await measure(relay.url, [{ name: RELAY_TOKEN_HEADER, value: relay.token }])],
  ['direct again', await measure(demo.url, [])],
] as const;
await relay.close();
await demo.close();

const ms = (value: number) => `${value.toFixed(2)} ms`;
console.log(`Ping round trip, ${PINGS} sequential pings each (load average ${loadavg()[0]!.toFixed(1)}):`);
for (const [name, times] of runs) {
  console.log(`  ${name.padEnd(18)} median ${ms(percentile([...times], 50))}, p95 ${ms(percentile([...times], 95))}`);
}
