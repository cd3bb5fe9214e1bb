/**
 * Saved servers, config import and the address, driven as a person does, against the real engine and the
 * demo server. A secret planted in a header value and in the server URL's query never reaches an address
 * or an export.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { stdioRelayAdvice } from './saved-servers/server-config.ts';
import { exportSnippets } from './saved-servers/server-export.ts';
import { memoryStorage } from '../test/support/test-storage.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import { readAddress } from './address/address.ts';
import type { LensApp } from './lens-app.ts';
import { createWorkspace, MAX_CONNECTIONS, type Workspace } from './workspace.ts';
import { sessionFileParts } from '../shared/session-file/session-file.ts';
import { buildAuditReportFile } from './audit/audit-report-file.ts';
import type { HeaderPair } from '../shared/model.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';

const SECRET = 'Bearer sk-planted-7f3a9c';
const URL_TOKEN = 'tok-planted-51b2';

let demo: RunningDemoServer;
let workspace: Workspace;
let app: LensApp;
let addresses: string[];
let connects: number;
/** Each connection's engine client, in the order they started: the app keeps its own to itself. */
let clients: ReturnType<typeof engineOverChannel>['client'][];

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

function start(
  openedAt = 'http://lens.test/',
  storage = memoryStorage(),
  launchedServer?: string,
  relayLink: { initialHeaders?: HeaderPair[]; relayRuns?: string } = {},
) {
  addresses = [];
  connects = 0;
  clients = [];
  const effects = nodeEffects([], {
    prefsStorage: storage,
    address: { initial: openedAt, replace: (relative) => addresses.push(relative) },
  });
  workspace = createWorkspace({
    // Each connection gets an engine of its own, as each gets a worker in the browser.
    startEngine: () => {
      const engine = engineOverChannel();
      clients.push(engine.client);
      engine.client.subscribe((events) => {
        for (const event of events) if (event.type === 'connection' && event.phase === 'connecting') connects += 1;
      });
      return { client: engine.client, stop: engine.close };
    },
    effects,
    delay: () => new Promise(() => undefined),
    redirectUrl: 'http://lens.test/oauth-callback.html',
    launchedServer,
    ...relayLink,
  });
  app = workspace.active().app;
  return storage;
}

afterEach(async () => {
  await app.commands.connection.disconnect();
  workspace.dispose();
});

const withToken = () => `${demo.url}?api_token=${URL_TOKEN}&region=eu`;

describe('saved servers', () => {
  it('saves the bar with only the ticked header values, asks for the others, then connects and becomes recent', async () => {
    const storage = start();
    const bar = app.connection.getState().actions;
    bar.setUrl(demo.url);
    bar.setHeaders([
      { name: 'Authorization', value: SECRET },
      { name: 'X-Team', value: 'blue' },
    ]);
    const id = app.commands.savedServers.saveCurrentServer('Demo', ['X-Team'])!;
    expect(app.savedServers.getState().servers[0]).toMatchObject({
      name: 'Demo',
      headers: [{ name: 'Authorization' }, { name: 'X-Team', value: 'blue' }],
    });
    expect(storage.data['mcp-lens.servers']).not.toContain(SECRET);

    bar.setHeaders([]);
    await expect(app.commands.savedServers.connectSaved(id)).resolves.toEqual({
      kind: 'needs-values',
      headerNames: ['Authorization'],
      urlParams: [],
    });
    expect(app.connection.getState().input.headers).toEqual([
      { name: 'Authorization', value: '' },
      { name: 'X-Team', value: 'blue' },
    ]);
    expect(connects).toBe(0);

    const both = app.commands.savedServers.saveCurrentServer('Demo, both kept', ['Authorization', 'X-Team'])!;
    await expect(app.commands.savedServers.connectSaved(both)).resolves.toEqual({ kind: 'started' });
    expect(app.connection.getState().phase).toBe('connected');
    expect(app.savedServers.getState().servers.find((server) => server.id === both)!.usedAt).toBeGreaterThan(0);
  });

  it('imports a Claude Desktop config with three servers, and lists the stdio one with its relay command', () => {
    start();
    const config = {
      mcpServers: {
        demo: { type: 'http', url: demo.url, headers: { Authorization: SECRET } },
        old: { type: 'sse', url: 'https://old.example/sse' },
        files: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/tmp'] },
        broken: { url: 'javascript:alert(1)' },
      },
    };
    const outcome = app.commands.savedServers.importConfig(JSON.stringify(config));
    expect(outcome.added.map((added) => added.name)).toEqual(['demo', 'old']);
    expect(outcome.stdio.map((entry) => stdioRelayAdvice(entry, 'clone', 'http://127.0.0.1:5173/').command)).toEqual([
      'npm run relay -- --lens http://127.0.0.1:5173/ -- npx -y @modelcontextprotocol/server-filesystem /tmp',
    ]);
    expect(outcome.problems).toEqual([expect.stringContaining('broken: Only http and https')]);
    expect(app.savedServers.getState().servers.map((server) => [server.name, server.transport])).toEqual([
      ['demo', 'streamable-http'],
      ['old', 'sse'],
    ]);
  });
});

describe('the address', () => {
  it('follows the connected server, the tab and the tool, without the secret header or the URL token', async () => {
    start();
    const bar = app.connection.getState().actions;
    bar.setUrl(withToken());
    bar.setHeaders([{ name: 'Authorization', value: SECRET }]);
    await app.commands.connection.connect();
    app.view.getState().actions.selectTool('echo');
    const last = addresses.at(-1)!;
    expect(readAddress(`http://lens.test/${last}`)).toEqual({
      url: `${demo.url}?region=eu`,
      tab: 'tools',
      tool: 'echo',
      connect: false,
      demo: false,
    });
    app.view.getState().actions.showTab('Resources');
    expect(addresses.at(-1)).toMatch(/#resources$/);

    const id = app.commands.savedServers.saveCurrentServer('Demo', [])!;
    const saved = app.savedServers.getState().servers.find((server) => server.id === id)!;
    const exports = exportSnippets({ ...saved, headerNames: saved.headers.map((header) => header.name) }).map((snippet) => snippet.text);
    for (const generated of [...addresses, ...exports]) {
      expect(generated).not.toContain(SECRET);
      expect(generated).not.toContain('sk-planted');
    }
    for (const address of addresses) expect(address).not.toContain(URL_TOKEN);
  });

  it('lands a reload on the same tab and tool, and drops connect=1 from the address once read', () => {
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}#tools/echo`);
    expect(app.view.getState()).toMatchObject({ tab: 'tools', tool: 'echo', pendingLink: null });
    expect(app.connection.getState().input.url).toBe(demo.url);
    expect(connects).toBe(0);
  });

  it('starts in demo mode from a link with demo=1, and keeps it in the address for a reload', () => {
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&demo=1#tools`);
    expect(app.prefs.getState().demo).toBe(true);
    expect(readAddress(`http://lens.test/${addresses.at(-1)!}`)).toMatchObject({ url: demo.url, tab: 'tools', demo: true });
  });

  it('asks before a link connects to a server that is not saved, and connects once confirmed', async () => {
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1#tools/echo`);
    expect(app.view.getState().pendingLink).toBe(demo.url);
    expect(addresses.at(-1)).not.toContain('connect=1');
    expect(connects).toBe(0);
    app.commands.savedServers.confirmLink();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
    expect(app.view.getState()).toMatchObject({ tool: 'echo', pendingLink: null });
  });

  it("connects a link to the server the page's own server started for it at once, and asks for any other", async () => {
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, memoryStorage(), demo.url);
    expect(app.view.getState().pendingLink).toBeNull();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
    workspace.dispose();

    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, memoryStorage(), 'http://127.0.0.1:1/mcp');
    expect(app.view.getState().pendingLink).toBe(demo.url);
    expect(connects).toBe(0);
  });

  it("asks before a local relay's link connects, even to a saved address, naming what the link says it runs", async () => {
    const storage = memoryStorage();
    start('http://lens.test/', storage);
    app.connection.getState().actions.setUrl(demo.url);
    app.commands.savedServers.saveCurrentServer('Demo');
    workspace.dispose();

    // The demo server's address has a relay's shape (loopback, /mcp), so it stands in for one here.
    const token = { name: RELAY_TOKEN_HEADER, value: 'R'.repeat(43) };
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, storage, undefined, {
      initialHeaders: [token],
      relayRuns: 'node server.js',
    });
    expect(app.view.getState()).toMatchObject({ pendingLink: demo.url, linkNeeds: [], linkRelay: { runs: 'node server.js' } });
    expect(connects).toBe(0);
    app.commands.savedServers.confirmLink();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
    expect(app.connection.getState().input.headers).toEqual([token]);
    expect(app.view.getState()).toMatchObject({ pendingLink: null, linkRelay: undefined });
  });

  it('connects a link to a saved server at once', async () => {
    const storage = memoryStorage();
    start('http://lens.test/', storage);
    app.connection.getState().actions.setUrl(demo.url);
    app.commands.savedServers.saveCurrentServer('Demo');
    await app.commands.connection.disconnect();
    workspace.dispose();

    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, storage);
    expect(app.view.getState().pendingLink).toBeNull();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
  });

  it('asks a link to a saved server for the header and URL credential values it does not keep, and connects only with them', async () => {
    const storage = memoryStorage();
    start('http://lens.test/', storage);
    app.connection.getState().actions.setUrl(`${demo.url}?api_key=${URL_TOKEN}`);
    app.connection.getState().actions.setHeaders([{ name: 'X-Api-Key', value: 'typed once' }]);
    app.commands.savedServers.saveCurrentServer('Keyed');
    workspace.dispose();

    // The address never carries the key, yet names the same saved server. The URL's credential was not
    // ticked to be kept, so the saved server holds the parameter without its value (docs/security.md).
    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, storage);
    await expect
      .poll(() => app.view.getState().linkNeeds)
      .toEqual([
        { in: 'header', name: 'X-Api-Key' },
        { in: 'url', name: 'api_key' },
      ]);
    expect(app.view.getState().pendingLink).toBe(`${demo.url}?api_key=`);
    app.commands.savedServers.confirmLink({ 'header:X-Api-Key': '  ', 'url:api_key': 'u-456' });
    app.commands.savedServers.confirmLink({ 'header:X-Api-Key': 'k-123' });
    expect(connects).toBe(0);
    app.commands.savedServers.confirmLink({ 'header:X-Api-Key': 'k-123', 'url:api_key': 'u 456' });
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
    expect(app.connection.getState().input.headers).toEqual([{ name: 'X-Api-Key', value: 'k-123' }]);
    expect(app.connection.getState().input.url).toBe(`${demo.url}?api_key=u%20456`);
    expect(app.view.getState()).toMatchObject({ pendingLink: null, linkNeeds: [] });
  });

  it('ignores a link that names a URL the bar would refuse', () => {
    start(`http://lens.test/?url=${encodeURIComponent('javascript:alert(1)')}&connect=1#tools/%E0%A4%A`);
    expect(app.view.getState()).toMatchObject({ pendingLink: null, tool: null });
    expect(connects).toBe(0);
  });
});

describe('several servers at once', () => {
  let other: RunningDemoServer;
  beforeAll(async () => {
    other = await startDemoServer({ port: 0 });
  });
  afterAll(() => other.close());

  const texts = (target: LensApp) =>
    target.log
      .getState()
      .ids.toArray()
      .map((id) => JSON.stringify(target.log.getState().byId.get(id)));

  it("keeps each connection's log apart, and the address on the one on screen", async () => {
    start();
    const first = app;
    first.connection.getState().actions.setUrl(demo.url);
    await first.commands.connection.connect();

    const secondId = workspace.add()!;
    const second = workspace.active().app;
    expect(second).not.toBe(first);
    expect(second.connection.getState()).toMatchObject({ phase: 'disconnected', input: { url: '' } });
    second.connection.getState().actions.setUrl(other.url);
    await second.commands.connection.connect();
    expect(readAddress(`http://lens.test/${addresses.at(-1)!}`).url).toBe(other.url);

    // The first connection's own listen stream is acknowledged a moment after connect: wait for it, so what
    // follows counts only what the second connection's call could have added.
    await expect.poll(() => texts(first).some((text) => text.includes('notifications/subscriptions/acknowledged'))).toBe(true);
    const firstBefore = first.log.getState().ids.length;
    await second.commands.tools.runTool({ name: 'echo', arguments: { message: 'only on the second' } });
    await expect.poll(() => texts(second).some((text) => text.includes('only on the second'))).toBe(true);
    expect(first.log.getState().ids.length).toBe(firstBefore);
    expect(texts(first).some((text) => text.includes(other.url))).toBe(false);
    expect(texts(second).some((text) => text.includes(demo.url))).toBe(false);

    workspace.select(workspace.store.getState().connections[0]!.id);
    expect(readAddress(`http://lens.test/${addresses.at(-1)!}`).url).toBe(demo.url);
    workspace.select(secondId);
    expect(readAddress(`http://lens.test/${addresses.at(-1)!}`).url).toBe(other.url);
    // Saved servers are the browser's, not a connection's: every connection sees the same list.
    second.commands.savedServers.saveCurrentServer('Other');
    expect(first.savedServers.getState().servers.map((server) => server.name)).toEqual(['Other']);
  });

  it('closes a connection: its session ends, its engine stops, and its neighbour comes on screen', async () => {
    start();
    const first = workspace.active();
    const secondId = workspace.add()!;
    const second = workspace.active().app;
    const secondClient = clients.at(-1)!;
    second.connection.getState().actions.setUrl(other.url);
    await second.commands.connection.connect();
    const phases: string[] = [];
    secondClient.subscribe((events) => {
      for (const event of events) if (event.type === 'connection') phases.push(event.phase);
    });

    await workspace.close(secondId);
    expect(phases).toContain('disconnected');
    expect(workspace.store.getState()).toMatchObject({ activeId: first.id, connections: [first] });
    await expect(secondClient.call('ping', undefined)).rejects.toBeDefined();

    // The last connection stays: there is always one to show.
    await workspace.close(first.id);
    expect(workspace.store.getState().connections).toEqual([first]);
  });

  it('hands a sign-in callback to the connection whose sign-in it answers, and brings that one on screen', async () => {
    start();
    const first = workspace.active();
    workspace.add();
    const second = workspace.active();
    const awaiting = (state: string) => ({
      type: 'auth' as const,
      update: {
        kind: 'status' as const,
        status: { phase: 'awaiting-user' as const, serverUrl: demo.url, url: 'https://as.example/authorize', state },
      },
    });
    first.app.auth.getState().actions.applyEvents([awaiting('state-of-first')]);
    second.app.auth.getState().actions.applyEvents([awaiting('state-of-second')]);

    expect(workspace.routeAuthorizationCallback('http://lens.test/oauth-callback.html?code=c&state=state-of-first')).toBe(true);
    expect(workspace.store.getState().activeId).toBe(first.id);
    // This engine started no sign-in, so it refuses the code; the refusal is kept for the first connection's prompt.
    await expect.poll(() => first.app.auth.getState().callbackError).toMatch(/.+/);
    expect(second.app.auth.getState().callbackError).toBeNull();

    // A state no sign-in here carries may be another tab's: not claimed, so the callback page waits for that
    // tab; the connection on screen still has it refused (and recorded), as a forged callback should be.
    workspace.select(second.id);
    expect(workspace.routeAuthorizationCallback('http://lens.test/oauth-callback.html?code=c&state=someone-else')).toBe(false);
    expect(workspace.store.getState().activeId).toBe(second.id);
    await expect.poll(() => second.app.auth.getState().callbackError).toMatch(/.+/);
  });

  it(`opens at most ${MAX_CONNECTIONS} connections`, () => {
    start();
    for (let opened = 1; opened < MAX_CONNECTIONS; opened += 1) expect(workspace.add()).toBeDefined();
    expect(workspace.add()).toBeUndefined();
    expect(workspace.store.getState().connections).toHaveLength(MAX_CONNECTIONS);
  });
});

describe('opening a file', () => {
  const sessionFile = (name = 'saved.mcplens.json') =>
    new File(
      [
        ...sessionFileParts(
          {
            connection: { url: 'https://example.com/mcp', transport: 'auto', headerNames: [] },
            server: null,
            log: { evicted: 0, items: [] },
            http: { evicted: 0, exchanges: [] },
            results: [],
            lists: {},
          },
          { savedAt: new Date(0), appVersion: 'test' },
        ),
      ],
      name,
    );
  const auditReport = (name = 'audit.mcplens-audit.json') =>
    new File(
      [
        JSON.stringify(
          buildAuditReportFile(
            {
              runId: 'r',
              url: 'https://example.com/mcp',
              server: { name: 'srv', version: '1' },
              era: 'modern',
              protocolVersion: '2026-07-28',
              transport: 'streamable-http',
              startedAt: 0,
              durationMs: 1,
              results: [],
              counts: { pass: 0, fail: 0, warning: 0, 'not-applicable': 0 },
            },
            () => undefined,
            { lensVersion: 'test', exportedAt: new Date(0) },
          ),
          null,
          2,
        ),
      ],
      name,
    );
  const connections = () => workspace.store.getState().connections;

  it('refuses a file of no kind it knows, says what it opens instead, and opens no connection for it', async () => {
    start();
    await expect(workspace.openFile(new File(['hello'], 'notes.txt'))).resolves.toBe(false);
    expect(connections()).toHaveLength(1);
    expect(app.sessionFile.getState().openError).toBe(
      'notes.txt is not a file MCP Lens opens: open a session file (.mcplens.json), an audit report (.mcplens-audit.json), a contract snapshot (.contract.json) or a collection (.collection.json) that MCP Lens saved.',
    );
  });

  it('opens a session file as a replay in the blank connection, and an audit report beside it in the Audit tab', async () => {
    start();
    await expect(workspace.openFile(sessionFile())).resolves.toBe(true);
    expect(connections()).toHaveLength(1);
    expect(app.sessionFile.getState().replay?.fileName).toBe('saved.mcplens.json');

    await expect(workspace.openFile(auditReport('renamed.json'))).resolves.toBe(true);
    expect(connections()).toHaveLength(2);
    const beside = workspace.active().app;
    expect(beside).not.toBe(app);
    expect(beside.audit.getState().opened?.fileName).toBe('renamed.json');
    expect(beside.view.getState().tab).toBe('audit');
  });

  it('asks before a collection file replaces a collection with unsaved changes, and keeps it on no', async () => {
    start();
    const collectionFile = (name: string) =>
      new File(
        [JSON.stringify({ format: 'mcp-lens-collection', version: 1, name, steps: [{ name: 'ping', request: { method: 'ping' } }] })],
        `${name}.collection.json`,
      );
    const collections = () => app.collections.getState();
    const asked: Array<{ name: string; save: string }> = [];
    const answer = (discard: boolean) => async (work: { name: string; save: string }) => {
      asked.push(work);
      return discard;
    };
    // Nothing unsaved: no question.
    await expect(workspace.openFile(collectionFile('first'), answer(false))).resolves.toBe(true);
    expect(asked).toEqual([]);
    collections().actions.rename('first, edited');

    await expect(workspace.openFile(collectionFile('second'), answer(false))).resolves.toBe(false);
    expect(asked).toEqual([{ name: 'first, edited', save: 'Save collection' }]);
    expect(collections()).toMatchObject({ collection: { name: 'first, edited' }, dirty: true });
    expect(app.sessionFile.getState().openError).toBeNull();

    // No one to ask: it does not open, and says why.
    await expect(workspace.openFile(collectionFile('second'))).resolves.toBe(false);
    expect(collections().collection?.name).toBe('first, edited');
    expect(app.sessionFile.getState().openError).toBe(
      'second.collection.json did not open: first, edited has unsaved changes. Save collection first, or close it.',
    );

    await expect(workspace.openFile(collectionFile('second'), answer(true))).resolves.toBe(true);
    expect(collections()).toMatchObject({ collection: { name: 'second' }, dirty: false });
  });

  it("closes the connection it opened when the file's own kind cannot read it, and says why on the one on screen", async () => {
    start();
    await workspace.openFile(sessionFile());
    await expect(workspace.openFile(new File(['{"nope":'], 'broken.mcplens.json'))).resolves.toBe(false);
    expect(connections()).toHaveLength(1);
    expect(workspace.active().app).toBe(app);
    expect(app.sessionFile.getState().openError).toMatch(/^broken\.mcplens\.json: This file is not valid JSON/);
  });
});
