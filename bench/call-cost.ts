/**
 * What one tools/call costs the client, in CPU: MCP Lens's engine in-process (no worker hop) versus the bare
 * SDK Client, against the same server running in a child process (so its work is not counted). Alternating
 * blocks of calls, so drift in the machine's load hits both alike.
 *
 *   npx tsx bench/call-cost.ts [--calls 2000] [--era legacy|modern] [--canned]
 *   node --cpu-prof --cpu-prof-dir=.bench/prof --import tsx bench/call-cost.ts --only engine
 *
 * `--only engine|sdk` runs one side alone, for a CPU profile of just that side. `--canned` answers every call
 * after the first with the server's first answer (its id changed), in-process: no server and no network, so
 * what is left is the client's CPU alone, and the machine's load moves it far less.
 */
import { fork } from 'node:child_process';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEngine } from '../src/engine/engine.ts';
import { realClock } from '../src/engine/clock.ts';
import type { EngineEvent } from '../src/shared/events.ts';
import type { ProtocolEra } from '../src/shared/model.ts';
import { identityFrom, requestsSent, sdkClientLike, WITH_PROGRESS } from './round-trips.ts';

const arg = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};

async function serve(): Promise<void> {
  const { startFloodServer } = await import('../src/test/servers/flood-server.ts');
  const { startDemoServer } = await import('../src/node/demo-server/server.ts');
  const flood = await startFloodServer(0);
  const demo = await startDemoServer({ port: 0 });
  process.send?.({ legacy: flood.url, modern: demo.url });
  process.on('disconnect', () => process.exit(0));
}

async function measure(): Promise<void> {
  const calls = Number(arg('--calls') ?? 2000);
  const era = (arg('--era') ?? 'legacy') as ProtocolEra;
  const only = arg('--only');
  // The servers run in a child without the profiler flags, so their CPU is theirs.
  const child = fork(import.meta.filename, ['--serve'], { execArgv: ['--import', 'tsx'] });
  const urls = await new Promise<Record<ProtocolEra, string>>((resolve) => child.once('message', (m) => resolve(m as never)));
  const url = urls[era];
  const canned = process.argv.includes('--canned') ? cannedFetch() : undefined;
  const send = canned?.fetch ?? ((input: string | URL, init?: RequestInit) => fetch(input, init));

  let events = 0;
  const sent: unknown[] = [];
  const engine = createEngine({
    fetch: send,
    clock: realClock,
    emit: (event: EngineEvent) => {
      events += 1;
      sent.push(...requestsSent([event]));
    },
  });
  const signal = new AbortController().signal;
  await engine.call('connect', { url, headers: [], transport: 'streamable-http', era }, signal);
  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  // Its request names the engine's identity, which the SDK client then declares as well: the same request both ways.
  await engine.call('callTool', params, new AbortController().signal);
  const sdk = sdkClientLike(await identityFrom(sent), era);
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url), { fetch: send }));
  canned?.replay();
  const sides = {
    sdk: () => sdk.callTool(params, WITH_PROGRESS),
    engine: () => engine.call('callTool', params, new AbortController().signal),
  };
  const totals = { sdk: { cpu: 0, wall: 0, n: 0, blocks: [] as number[] }, engine: { cpu: 0, wall: 0, n: 0, blocks: [] as number[] } };
  const block = 100;
  for (let done = -block; done < calls; done += block) {
    for (const side of ['sdk', 'engine'] as const) {
      if (only !== undefined && only !== side) continue;
      const cpu = process.cpuUsage();
      const wall = performance.now();
      for (let index = 0; index < block; index += 1) await sides[side]();
      if (done < 0) continue; // warm-up
      const used = process.cpuUsage(cpu);
      totals[side].cpu += (used.user + used.system) / 1000;
      totals[side].blocks.push((used.user + used.system) / 1000 / block);
      totals[side].wall += performance.now() - wall;
      totals[side].n += block;
    }
  }
  await sdk.close();
  await engine.call('disconnect', undefined, signal);
  child.disconnect();
  // The median block as well as the mean: a garbage collection or a busy core lands on a few blocks only.
  const median = (side: keyof typeof totals) => [...totals[side].blocks].sort((a, b) => a - b)[totals[side].blocks.length >> 1]!;
  const per = (side: keyof typeof totals) =>
    totals[side].n === 0
      ? 'not run'
      : `${(totals[side].cpu / totals[side].n).toFixed(3)} ms CPU (median block ${median(side).toFixed(3)}), ${(totals[side].wall / totals[side].n).toFixed(3)} ms wall per call`;
  console.log(
    `${era}${canned ? ', canned answers' : ''}, ${calls} calls each (load ${(await import('node:os')).loadavg()[0]!.toFixed(2)})`,
  );
  console.log(`  sdk:    ${per('sdk')}`);
  console.log(`  engine: ${per('engine')} (${events} events)`);
  if (totals.sdk.n > 0 && totals.engine.n > 0) {
    console.log(
      `  engine − sdk: ${((totals.engine.cpu - totals.sdk.cpu) / calls).toFixed(3)} ms CPU per call (median blocks: ${(median('engine') - median('sdk')).toFixed(3)})`,
    );
  }
}

/**
 * A fetch that goes to the server until `replay()`, and from then on answers each tools/call with the last
 * one's answer from the server, its id replaced: the same bytes and headers each time, at no server's cost.
 */
function cannedFetch() {
  let answer: { text: string; status: number; headers: Headers } | undefined;
  let replaying = false;
  const fetchOrReplay = async (input: string | URL, init?: RequestInit): Promise<Response> => {
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const call = body?.includes('"tools/call"') === true;
    if (replaying && call && answer) {
      const id = (JSON.parse(body!) as { id: number }).id;
      return new Response(answer.text.replace(/"id":\s*\d+/, `"id":${id}`), { status: answer.status, headers: answer.headers });
    }
    const response = await fetch(input, init);
    if (!call) return response;
    const text = await response.text();
    answer = { text, status: response.status, headers: response.headers };
    return new Response(text, { status: response.status, headers: response.headers });
  };
  return {
    fetch: fetchOrReplay,
    replay() {
      if (!answer) throw new Error('No tools/call answer to replay: the first call went nowhere.');
      replaying = true;
    },
  };
}

await (process.argv.includes('--serve') ? serve() : measure());
