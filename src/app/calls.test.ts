/**
 * The calls registry in Node against the real engine behind a MessageChannel and the demo server: a call
 * started by id, its progress and answer in the store, its time the Message log's, and cancel as the one
 * way to stop it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { SALES_CHART_URI } from '../node/demo-server/sales-chart-app.ts';
import { TICKER_URI } from '../node/demo-server/subscriptions.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import { waitFor } from '../test/support/wait-for.ts';
import { SERVER } from './calls.ts';
import { createLensApp, type LensApp } from './lens-app.ts';

let demo: RunningDemoServer;
let engine: ReturnType<typeof engineOverChannel>;
let app: LensApp;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

async function connected(era: 'legacy' | 'modern') {
  engine = engineOverChannel();
  app = createLensApp({
    client: engine.client,
    effects: nodeEffects([]),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  app.connection.getState().actions.setEra(era);
  await app.commands.connection.connect();
  // The app asks for the tool list the moment a connection opens (first-lists.ts): let it be answered, so
  // each test below sees only the requests it made.
  await waitFor(() => {
    const list = logged().find((entry) => entry.method === 'tools/list');
    return list !== undefined && logged().some((entry) => entry.kind === 'response' && entry.rpcId === list.rpcId);
  }, 'the first tools/list to be answered');
}

afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

const call = (id: string) => app.calls.getState().byId.get(id);
const messages = () => {
  const { ids, byId } = app.log.getState();
  return ids.toArray().flatMap((id) => {
    const item = byId.get(id);
    return item?.type === 'message' ? [item] : [];
  });
};
const logged = () => messages().map((item) => item.entry);

describe.each(['legacy', 'modern'] as const)('the calls registry (%s)', (era) => {
  it('finds each job’s own request in the Message log by its id, for concurrent calls of one tool', async () => {
    await connected(era);
    const sent = ['one', 'two', 'one'];
    const ids = sent.map((message) => app.commands.jobs.startCall('tool', { name: 'echo', arguments: { message } }));
    const jobs = await Promise.all(ids.map((id) => app.commands.jobs.settledCall(id)));
    expect(new Set(jobs.map((job) => job.requestSeq)).size).toBe(3);
    jobs.forEach((job, at) => {
      const request = logged().find((entry) => entry.seq === job.requestSeq);
      expect(request).toMatchObject({
        direction: 'out',
        method: 'tools/call',
        origin: { feature: 'job', id: ids[at] },
        message: { params: { name: 'echo', arguments: { message: sent[at] } } },
      });
      expect(JSON.stringify(job.result)).toContain(sent[at]);
      expect(job.durationMs).toBe(logged().find((entry) => entry.requestSeq === job.requestSeq)!.latencyMs);
    });
    // No other line carries a job's id: each job has exactly one request.
    for (const id of ids) expect(logged().filter((entry) => entry.origin?.id === id)).toHaveLength(1);
  });

  it('runs a tool by id, shows it as the latest call of the tool, and takes its time from the Message log', async () => {
    await connected(era);
    const id = app.commands.jobs.startCall('tool', { name: 'echo', arguments: { message: 'by id' } });
    expect(call(id)).toMatchObject({ kind: 'tool', target: 'echo', status: 'running' });
    expect(app.calls.getState().latest.get('tool:echo')).toBe(id);

    const done = await app.commands.jobs.settledCall(id);
    expect(done).toMatchObject({ status: 'success', result: { isError: false } });
    expect(JSON.stringify(done.result)).toContain('by id');
    // One time for a call: the result's is the log's latency for the very request the call sent.
    const request = logged().find((entry) => entry.seq === done.requestSeq);
    expect(request).toMatchObject({ direction: 'out', method: 'tools/call' });
    const response = logged().find((entry) => entry.requestSeq === done.requestSeq);
    expect(done.durationMs).toBe(response!.latencyMs);
    // Still recorded as before: the history of the server and the session's results.
    expect(
      app.history
        .getState()
        .byServer.get(demo.url)
        ?.map((c) => c.tool),
    ).toEqual(['echo']);
    expect(app.sessionFile.getState().results.map((r) => r.tool)).toEqual(['echo']);
  });

  it('keeps progress per call, and stops only on cancel(id)', async () => {
    await connected(era);
    const id = app.commands.jobs.startCall('tool', { name: 'long-running-task', arguments: { steps: 20, stepMs: 100 } });
    await expect.poll(() => call(id)?.progress?.progress ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect(call(id)).toMatchObject({ status: 'running', progress: { total: 20 } });

    app.commands.jobs.cancelCall(id);
    const done = await app.commands.jobs.settledCall(id);
    expect(done).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    // Cancelling a call that already ended changes nothing.
    app.commands.jobs.cancelCall(id);
    expect(call(id)?.status).toBe('error');
  });

  it('gets a prompt and re-sends a logged request through the same registry, each with the log’s time', async () => {
    await connected(era);
    const prompt = await app.commands.jobs.settledCall(
      app.commands.jobs.startCall('prompt', { name: 'write-haiku', arguments: { topic: 'sea' } }),
    );
    expect(prompt).toMatchObject({ status: 'success', target: 'write-haiku', durationMs: expect.any(Number) });
    expect(JSON.stringify(prompt.result)).toContain('sea');

    const original = messages().find((item) => item.entry.direction === 'out' && item.entry.method === 'prompts/get')!;
    const resent = await app.commands.jobs.settledCall(app.commands.jobs.startCall('resend', { itemId: original.id }));
    expect(resent).toMatchObject({ status: 'success', kind: 'resend', durationMs: expect.any(Number) });
    const request = logged().find((entry) => entry.seq === resent.requestSeq);
    expect(request?.origin).toMatchObject({ feature: 'resend', id: resent.id, job: resent.id, edited: false });
  });
});

describe('the calls registry and sessions', () => {
  it('keeps two calls of one tool apart, and forgets finished calls when a new session starts', async () => {
    await connected('legacy');
    const first = app.commands.jobs.startCall('tool', { name: 'echo', arguments: { message: 'one' } });
    const second = app.commands.jobs.startCall('tool', { name: 'echo', arguments: { message: 'two' } });
    const [a, b] = await Promise.all([app.commands.jobs.settledCall(first), app.commands.jobs.settledCall(second)]);
    expect(JSON.stringify(a.result)).toContain('one');
    expect(JSON.stringify(b.result)).toContain('two');
    expect(a.requestSeq).not.toBe(b.requestSeq);
    expect(app.calls.getState().latest.get('tool:echo')).toBe(second);

    const failed = await app.commands.jobs.settledCall(app.commands.jobs.startCall('tool', { name: 'no-such-tool', arguments: {} }));
    expect(failed).toMatchObject({ status: 'error', error: { code: 'protocol' } });

    await app.commands.connection.connect();
    expect(app.calls.getState().byId.size).toBe(0);
    expect(app.calls.getState().latest.size).toBe(0);
  });
});

describe('the jobs registry beyond calls (legacy)', () => {
  const requestOf = (job: { requestSeq?: number }) => logged().find((entry) => entry.seq === job.requestSeq);

  it('pings, sets the log level and subscribes as jobs, each finding the very request it sent in the Message log', async () => {
    await connected('legacy');
    const ping = await app.commands.jobs.settledCall(app.commands.jobs.startCall('ping', {}));
    expect(ping).toMatchObject({ kind: 'ping', target: SERVER, status: 'success', result: { latencyMs: expect.any(Number) } });
    expect(requestOf(ping)).toMatchObject({ direction: 'out', method: 'ping' });
    expect(app.calls.getState().latest.get(`ping:${SERVER}`)).toBe(ping.id);

    const level = await app.commands.jobs.settledCall(app.commands.jobs.startCall('log-level', { level: 'debug' }));
    expect(level).toMatchObject({ status: 'success' });
    expect(requestOf(level)).toMatchObject({ method: 'logging/setLevel', message: { params: { level: 'debug' } } });
    expect(app.serverLog.getState().logLevel).toBe('debug');

    const on = await app.commands.jobs.settledCall(app.commands.jobs.startCall('subscribe', { uri: TICKER_URI, subscribe: true }));
    expect(requestOf(on)).toMatchObject({ method: 'resources/subscribe', message: { params: { uri: TICKER_URI } } });
    expect(app.serverLog.getState().subscribed.has(TICKER_URI)).toBe(true);
    const off = await app.commands.jobs.settledCall(app.commands.jobs.startCall('subscribe', { uri: TICKER_URI, subscribe: false }));
    expect(requestOf(off)).toMatchObject({ method: 'resources/unsubscribe' });
    expect(app.serverLog.getState().subscribed.has(TICKER_URI)).toBe(false);
    expect(app.calls.getState().latest.get(`subscribe:${TICKER_URI}`)).toBe(off.id);
  });

  it('checks CORS as a job with no line of its own in the Message log', async () => {
    await connected('legacy');
    const before = logged().length;
    const cors = await app.commands.jobs.settledCall(app.commands.jobs.startCall('cors', { url: demo.url }));
    expect(cors).toMatchObject({ kind: 'cors', status: 'success', result: { finding: expect.any(String) } });
    expect(cors.requestSeq).toBeUndefined();
    expect(
      logged()
        .slice(before)
        .filter((entry) => entry.direction === 'out' && entry.kind === 'request'),
    ).toEqual([]);
  });

  it('expands a resource template as a job: the URI to read, and no request to the server', async () => {
    await connected('legacy');
    const before = logged().length;
    const job = await app.commands.jobs.settledCall(
      app.commands.jobs.startCall('template', { template: 'demo://notes/{id}', variables: { id: 'a b' } }),
    );
    expect(job).toMatchObject({ kind: 'template', target: 'demo://notes/{id}', status: 'success', result: { uri: 'demo://notes/a%20b' } });
    expect(logged().slice(before)).toEqual([]);
  });

  it("runs an MCP App's requests as jobs that answer the app, each finding its own app-marked request", async () => {
    await connected('legacy');
    // A tab's call of the same tool in flight at once: neither job takes the other's line.
    const tab = app.commands.jobs.startCall('tool', { name: 'get-sales', arguments: { region: 'west' } });
    const outcome = await app.commands.jobs.awaitCall('app-tool', {
      name: 'get-sales',
      arguments: { region: 'east' },
      viaApp: SALES_CHART_URI,
    });
    expect(JSON.stringify(outcome)).toContain('east');
    const read = await app.commands.jobs.awaitCall('app-read', { uri: SALES_CHART_URI, viaApp: SALES_CHART_URI });
    expect(read.contents[0]).toMatchObject({ uri: SALES_CHART_URI });
    const tabDone = await app.commands.jobs.settledCall(tab);
    const jobs = [...app.calls.getState().byId.values()].filter((job) => job.kind === 'app-tool' || job.kind === 'app-read');
    expect(jobs.map((job) => [job.kind, job.target, job.status])).toEqual([
      ['app-tool', SALES_CHART_URI, 'success'],
      ['app-read', SALES_CHART_URI, 'success'],
    ]);
    const byApp = (seq: number | undefined) => {
      const origin = logged().find((entry) => entry.seq === seq)?.origin;
      return origin?.feature === 'apps' ? origin.id : undefined;
    };
    expect(jobs.map((job) => byApp(job.requestSeq))).toEqual([SALES_CHART_URI, SALES_CHART_URI]);
    expect(byApp(tabDone.requestSeq)).toBeUndefined();
    expect(tabDone.requestSeq).toBeDefined();

    // A refusal reaches the app as the job's error, thrown.
    await expect(app.commands.jobs.awaitCall('app-read', { uri: 'ui://nowhere', viaApp: SALES_CHART_URI })).rejects.toMatchObject({
      code: expect.any(String),
    });
  });

  it('audits as a job: the run id is the job id, and Stop is cancelCall on it', async () => {
    await connected('legacy');
    const runId = await app.commands.audit.startAudit({ checks: ['ping'] });
    expect(call(runId)).toMatchObject({ kind: 'audit', status: 'running', scope: 'audit' });
    expect(await app.commands.audit.startAudit()).toBe(runId);
    const done = await app.commands.jobs.settledCall(runId);
    expect(done).toMatchObject({ status: 'success' });
    expect(app.audit.getState().run).toMatchObject({ runId, status: 'done' });

    const stopped = await app.commands.audit.startAudit();
    await app.commands.audit.cancelAudit();
    expect(await app.commands.jobs.settledCall(stopped)).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    expect(app.audit.getState().run).toMatchObject({ runId: stopped, status: 'cancelled' });
  });

  it('runs the jobs of one scope one after another, and a queued job cancelled before its turn sends nothing', async () => {
    await connected('legacy');
    const first = app.commands.jobs.startCall('subscribe', { uri: TICKER_URI, subscribe: true });
    const queued = app.commands.jobs.startCall('subscribe', { uri: TICKER_URI, subscribe: false });
    const last = app.commands.jobs.startCall('subscribe', { uri: TICKER_URI, subscribe: false });
    expect(call(queued)).toMatchObject({ status: 'running', scope: `subscribe:${TICKER_URI}` });
    app.commands.jobs.cancelCall(queued);
    const [a, b, c] = await Promise.all([
      app.commands.jobs.settledCall(first),
      app.commands.jobs.settledCall(queued),
      app.commands.jobs.settledCall(last),
    ]);
    expect(a).toMatchObject({ status: 'success' });
    expect(b).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    expect(b.requestSeq).toBeUndefined();
    expect(c).toMatchObject({ status: 'success' });
    // The unsubscribe left only once the subscribe was answered: no overlap in the scope.
    const answerToFirst = logged().find((entry) => entry.direction === 'in' && entry.requestSeq === a.requestSeq)!;
    expect(c.requestSeq!).toBeGreaterThan(answerToFirst.seq);
    expect(logged().filter((entry) => entry.method === 'resources/unsubscribe' && entry.direction === 'out')).toHaveLength(1);

    // Jobs of different scopes still run side by side.
    const ping = app.commands.jobs.startCall('ping', {});
    const tool = app.commands.jobs.startCall('tool', { name: 'long-running-task', arguments: { steps: 5, stepMs: 100 } });
    expect(await app.commands.jobs.settledCall(ping)).toMatchObject({ status: 'success' });
    expect(call(tool)?.status).toBe('running');
    await app.commands.jobs.settledCall(tool);
  });
});
