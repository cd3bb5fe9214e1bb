/**
 * The application layer in Node: the real engine behind a MessageChannel, the demo server on loopback,
 * and the commands a person drives. The connection phase is only ever written by engine events.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { startRelay } from '../node/relay/relay.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import type { EngineEvent } from '../shared/events.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import type { AppEffects } from './effects.ts';
import { createLensApp, type LensApp } from './lens-app.ts';
import { scopeOf } from './scope.ts';
import { mcpKeys } from '../queries/index.ts';
import type { ToolList } from '../shared/model.ts';
import { replayClient } from './session-file/replay-client.ts';

let demo: RunningDemoServer;
let engine: ReturnType<typeof engineOverChannel>;
let client: EngineClient;
let app: LensApp;
let phases: string[];
/** Requests the engine sent, by method, in order. */
let sent: string[];
let downloads: Array<{ fileName: string; content: Blob }>;

const effects = (): AppEffects => nodeEffects(downloads);

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

function start() {
  engine = engineOverChannel();
  client = engine.client;
  phases = [];
  sent = [];
  downloads = [];
  client.subscribe((events: readonly EngineEvent[]) => {
    for (const event of events) {
      if (event.type === 'connection') phases.push(event.phase);
      if (event.type === 'message' && event.entry.direction === 'out' && event.entry.kind === 'request')
        sent.push(event.entry.method ?? '');
    }
  });
  app = createLensApp({
    client,
    effects: effects(),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
}

afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

const state = () => app.connection.getState();

describe('connection commands', () => {
  it('connects and disconnects, with the phase written only by engine events', async () => {
    start();
    app.connection.getState().actions.setEra('legacy');
    const summary = await app.commands.connection.connect();
    expect(summary?.era).toBe('legacy');
    expect(state()).toMatchObject({ phase: 'connected', connectionKey: 1, summary: { url: demo.url } });
    expect(phases).toEqual(['connecting', 'connected']);

    await expect(app.commands.connection.ping()).resolves.toMatchObject({ latencyMs: expect.any(Number) });
    await app.commands.connection.setLogLevel('debug');
    expect(app.serverLog.getState().logLevel).toBe('debug');

    await app.commands.connection.disconnect();
    expect(state().phase).toBe('disconnected');
    expect(phases).toEqual(['connecting', 'connected', 'disconnected']);
  });

  it('remembers the era an origin spoke, and asks a 2026-07-28 server for log messages from the start', async () => {
    start();
    const summary = await app.commands.connection.connect();
    expect(summary?.era).toBe('modern');
    expect(Object.values(app.prefs.getState().knownEras)).toEqual([expect.objectContaining({ era: 'modern' })]);
    await expect.poll(() => app.serverLog.getState().logLevel).toBe('info');
  });

  it('asks for the tool list as the connection opens, once, into the query the Tools tab reads', async () => {
    start();
    await app.commands.connection.connect();
    const tools = () => app.queryClient.getQueryData<ToolList>(mcpKeys.tools(state().connectionKey));
    // No view is rendered here: the request came from the connection opening.
    await expect.poll(() => tools()?.tools.length ?? 0).toBeGreaterThan(0);
    expect(sent.filter((method) => method === 'tools/list')).toHaveLength(1);

    // Another tab on screen: its own lists are its business, and the tool list waits for the Tools tab.
    app.view.getState().actions.showTab('Resources');
    await app.commands.connection.connect();
    expect(state().connectionKey).toBe(2);
    // Asked or not is settled before Connect resolves: the query would exist, fetching, by now.
    expect(app.queryClient.getQueryState(mcpKeys.tools(2))).toBeUndefined();
  });

  it('remembers no era for a local relay, whose address is not a server’s', async () => {
    const relay = await startRelay({ target: { kind: 'http', url: new URL(demo.url) }, allowedOrigins: [], log: () => undefined });
    try {
      start();
      app.connection.getState().actions.setUrl(relay.url);
      app.connection.getState().actions.setHeaders([{ name: RELAY_TOKEN_HEADER, value: relay.token }]);
      const summary = await app.commands.connection.connect();
      expect(summary?.era).toBe('modern');
      expect(app.prefs.getState().knownEras).toEqual({});
      await app.commands.connection.disconnect();
    } finally {
      await relay.close();
    }
  });

  it('lets a newer Connect supersede one in flight: one session, one key, and the stale attempt changes nothing', async () => {
    start();
    const first = app.commands.connection.connect();
    const second = app.commands.connection.connect();
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toMatchObject({ url: demo.url });
    expect(state()).toMatchObject({ phase: 'connected', connectionKey: 1 });
    expect(phases.filter((phase) => phase === 'connected')).toHaveLength(1);
  });

  it('lets Disconnect win over a Connect still opening', async () => {
    start();
    const connecting = app.commands.connection.connect();
    await app.commands.connection.disconnect();
    await connecting;
    expect(state().phase).toBe('disconnected');
    expect(phases.at(-1)).toBe('disconnected');
  });

  it('keeps a failed Connect for the Audit tab, whose report then says why; a Connect that works clears it', async () => {
    start();
    const closed = `http://127.0.0.1:${new URL(demo.url).port}/no-such-path/mcp`;
    app.connection.getState().actions.setUrl(closed);
    app.connection.getState().actions.setEra('legacy');
    await expect(app.commands.connection.connect()).resolves.toBeUndefined();
    const { refusal } = app.audit.getState();
    expect(refusal).toMatchObject({ url: closed, era: 'legacy', error: { code: expect.any(String), message: expect.any(String) } });
    await app.commands.audit.startAudit();
    await expect.poll(() => app.audit.getState().run?.status).toBe('done');
    const report = app.audit.getState().run?.report;
    expect(report?.refused).toBe(true);
    expect(report?.results[0]).toMatchObject({ id: 'connection', verdict: 'fail' });
    app.connection.getState().actions.setUrl(demo.url);
    await app.commands.connection.connect();
    expect(app.audit.getState().refusal).toBeNull();
  });

  it('does not call a server for a URL the bar would refuse', async () => {
    start();
    app.connection.getState().actions.setUrl('javascript:alert(1)');
    await expect(app.commands.connection.connect()).resolves.toBeUndefined();
    expect(phases).toEqual([]);
  });

  it('says when the engine could not be reached, through the same one writer', () => {
    start();
    app.engineFailed('The engine worker failed to start.');
    expect(state()).toMatchObject({ phase: 'failed', error: { message: 'The engine worker failed to start.' } });
    expect(app.log.getState().ids.length).toBeGreaterThan(0);
  });
});

describe('tools and saved sessions', () => {
  it('records each tool result, saves the session, opens it read-only, and closes it', async () => {
    start();
    app.connection.getState().actions.setEra('legacy');
    await app.commands.connection.connect();
    const outcome = await app.commands.tools.runTool({ name: 'echo', arguments: { message: 'kept' } });
    expect(JSON.stringify(outcome.content)).toContain('kept');
    await expect(app.commands.tools.runTool({ name: 'no-such-tool', arguments: {} })).rejects.toMatchObject({ code: 'protocol' });
    expect(app.sessionFile.getState().results.map((result) => result.tool)).toEqual(['echo', 'no-such-tool']);

    await app.commands.sessionFile.saveSessionFile();
    expect(downloads).toHaveLength(1);
    expect(downloads[0]!.fileName).toMatch(/^mcp-lens-.*\.mcplens\.json$/);
    const saved = new File([downloads[0]!.content], downloads[0]!.fileName);

    // Opening a file ends the live session and shows the file, read-only.
    await expect(app.commands.sessionFile.openSessionFile(saved)).resolves.toBe(true);
    expect(state().phase).toBe('disconnected');
    const recording = app.sessionFile.getState().replay!;
    expect(recording.results.map((result) => result.tool)).toEqual(['echo', 'no-such-tool']);
    const scope = scopeOf(client, { phase: 'disconnected', connectionKey: 1, capabilities: undefined }, recording);
    expect(scope).toMatchObject({ mode: 'saved', ready: true, readOnly: expect.stringContaining('read-only') });
    expect(scope.offers('tools')).toBe(true);
    // The scope hands views the file's lists, never a client to call with; the recording refuses a call.
    expect(scope).not.toHaveProperty('client');
    await expect(replayClient(client, recording).call('callTool', { name: 'echo', arguments: {} })).rejects.toMatchObject({
      code: 'not-connected',
    });

    // Connecting again leaves the saved session: live traffic never mixes into it.
    await app.commands.connection.connect();
    expect(app.sessionFile.getState().replay).toBeNull();
    expect(state().phase).toBe('connected');
  });

  it('keeps each call in the history of its server, with its arguments, result and timing, and re-runs it', async () => {
    start();
    app.connection.getState().actions.setEra('legacy');
    await app.commands.connection.connect();
    await app.commands.tools.runTool({ name: 'echo', arguments: { message: 'first' } });
    const [call] = app.history.getState().byServer.get(demo.url)!;
    expect(call).toMatchObject({ tool: 'echo', arguments: { message: 'first' }, outcome: { isError: false } });
    expect(call!.durationMs).toBeGreaterThanOrEqual(0);

    await app.commands.tools.rerunTool(call!);
    const calls = app.history.getState().byServer.get(demo.url)!;
    expect(calls.map((c) => c.tool)).toEqual(['echo', 'echo']);
    expect(JSON.stringify(calls[1]!.outcome?.content)).toContain('first');
    expect(calls[1]!.id).not.toBe(calls[0]!.id);
  });

  it('reports a file it cannot read, and keeps the live session as it was', async () => {
    start();
    await expect(app.commands.sessionFile.openSessionFile(new File(['{"nope":'], 'broken.mcplens.json'))).resolves.toBe(false);
    expect(app.sessionFile.getState()).toMatchObject({ replay: null, openError: expect.stringContaining('broken.mcplens.json') });
  });
});

describe('scope', () => {
  it('is live and ready only when connected, and offers what the server declared', () => {
    start();
    const live = scopeOf(client, { phase: 'connected', connectionKey: 3, capabilities: { tools: {} } }, null);
    expect(live).toMatchObject({ mode: 'live', ready: true, key: 3, readOnly: null, recording: null });
    expect(live.offers('tools')).toBe(true);
    expect(live.offers('prompts')).toBe(false);
    expect(scopeOf(client, { phase: 'connecting', connectionKey: 3, capabilities: undefined }, null).ready).toBe(false);
  });

  it("answers what the server's protocol revision offers, so views never ask for the era", () => {
    start();
    const modern = scopeOf(client, { phase: 'connected', connectionKey: 3, capabilities: {}, era: 'modern' }, null).protocol;
    expect(modern).toMatchObject({
      ping: false,
      cancelHow: 'close-stream',
      logLevelVia: 'request-meta',
      subscribe: 'subscriptions/listen',
    });
    expect(modern.deprecated).toContain('Logging');
    const legacy = scopeOf(client, { phase: 'connected', connectionKey: 3, capabilities: {}, era: 'legacy' }, null).protocol;
    expect(legacy).toMatchObject({ ping: true, cancelHow: 'notifications/cancelled', logLevelVia: 'logging/setLevel', deprecated: [] });
    // Nothing connected reads as the 2025 revision, which has every control.
    expect(scopeOf(client, { phase: 'disconnected', connectionKey: 0, capabilities: undefined }, null).protocol.ping).toBe(true);
  });
});
