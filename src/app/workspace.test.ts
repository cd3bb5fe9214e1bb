/**
 * Saved servers, config import and the address, driven as a person does, against the real engine and the
 * demo server. A secret planted in a header value and in the server URL's query never reaches an address
 * or an export.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { relayCommand } from '../shared/server-config.ts';
import { exportSnippets } from '../shared/server-export.ts';
import { parseSessionFile } from '../shared/session-file.ts';
import { memoryStorage } from '../state/test-storage.ts';
import { engineOverChannel } from '../test/engine-channel.ts';
import { readAddress } from './address.ts';
import type { AppEffects } from './effects.ts';
import { createLensApp, type LensApp } from './lens-app.ts';

const SECRET = 'Bearer sk-planted-7f3a9c';
const URL_TOKEN = 'tok-planted-51b2';

let demo: RunningDemoServer;
let engine: ReturnType<typeof engineOverChannel>;
let client: EngineClient;
let app: LensApp;
let addresses: string[];
let connects: number;

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

function start(openedAt = 'http://lens.test/', storage = memoryStorage()) {
  engine = engineOverChannel();
  client = engine.client;
  addresses = [];
  connects = 0;
  client.subscribe((events) => {
    for (const event of events) if (event.type === 'connection' && event.phase === 'connecting') connects += 1;
  });
  const effects: AppEffects = {
    now: () => Date.now(),
    yieldToUi: () => Promise.resolve(),
    download: () => undefined,
    writeSessionFile: async () => new Blob([]),
    readSessionFile: async (file) => parseSessionFile(await file.text()),
    prefsStorage: storage,
    tabStorage: () => undefined,
    openAuthorizationPopup: () => ({ ok: false, reason: 'blocked' }),
    navigateToAuthorization: () => ({ ok: false, reason: 'refused' }),
    address: { initial: openedAt, replace: (relative) => addresses.push(relative) },
  };
  app = createLensApp({ client, effects, initialUrl: readAddress(openedAt).url, redirectUrl: 'http://lens.test/oauth-callback.html' });
  return storage;
}

afterEach(async () => {
  await app.commands.disconnect();
  app.dispose();
  engine.close();
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
    const id = app.commands.saveCurrentServer('Demo', ['X-Team'])!;
    expect(app.servers.getState().servers[0]).toMatchObject({
      name: 'Demo',
      headers: [{ name: 'Authorization' }, { name: 'X-Team', value: 'blue' }],
    });
    expect(storage.data['mcp-lens.servers']).not.toContain(SECRET);

    bar.setHeaders([]);
    await expect(app.commands.connectSaved(id)).resolves.toEqual({ kind: 'needs-values', headerNames: ['Authorization'] });
    expect(app.connection.getState().input.headers).toEqual([
      { name: 'Authorization', value: '' },
      { name: 'X-Team', value: 'blue' },
    ]);
    expect(connects).toBe(0);

    const both = app.commands.saveCurrentServer('Demo, both kept', ['Authorization', 'X-Team'])!;
    await expect(app.commands.connectSaved(both)).resolves.toEqual({ kind: 'started' });
    expect(app.connection.getState().phase).toBe('connected');
    expect(app.servers.getState().servers.find((server) => server.id === both)!.usedAt).toBeGreaterThan(0);
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
    const outcome = app.commands.importConfig(JSON.stringify(config));
    expect(outcome.added.map((added) => added.name)).toEqual(['demo', 'old']);
    expect(outcome.stdio.map(relayCommand)).toEqual(['npx mcp-lens relay -- npx -y @modelcontextprotocol/server-filesystem /tmp']);
    expect(outcome.problems).toEqual([expect.stringContaining('broken: Only http and https')]);
    expect(app.servers.getState().servers.map((server) => [server.name, server.transport])).toEqual([
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
    await app.commands.connect();
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

    const id = app.commands.saveCurrentServer('Demo', [])!;
    const saved = app.servers.getState().servers.find((server) => server.id === id)!;
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
    app.commands.confirmLink();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
    expect(app.view.getState()).toMatchObject({ tool: 'echo', pendingLink: null });
  });

  it('connects a link to a saved server at once', async () => {
    const storage = memoryStorage();
    start('http://lens.test/', storage);
    app.connection.getState().actions.setUrl(demo.url);
    app.commands.saveCurrentServer('Demo');
    await app.commands.disconnect();
    app.dispose();
    engine.close();

    start(`http://lens.test/?url=${encodeURIComponent(demo.url)}&connect=1`, storage);
    expect(app.view.getState().pendingLink).toBeNull();
    await expect.poll(() => app.connection.getState().phase).toBe('connected');
  });

  it('ignores a link that names a URL the bar would refuse', () => {
    start(`http://lens.test/?url=${encodeURIComponent('javascript:alert(1)')}&connect=1#tools/%E0%A4%A`);
    expect(app.view.getState()).toMatchObject({ pendingLink: null, tool: null });
    expect(connects).toBe(0);
  });
});
