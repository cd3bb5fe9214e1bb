/**
 * One connection, one identity: the bar, the address, the names and the exports of a connection always
 * mean the server that connection is on, against the real engine and two demo servers (which share a name).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { memoryStorage } from '../test/support/test-storage.ts';
import { engineOverChannel } from '../test/support/engine-channel.ts';
import { nodeEffects } from '../test/support/node-effects.ts';
import { readAddress } from './address/address.ts';
import { reconnectPlan } from './connection/reconnect-plan.ts';
import { createWorkspace, type Workspace } from './workspace.ts';

let demo: RunningDemoServer;
let other: RunningDemoServer;
let workspace: Workspace;
let addresses: string[];
let downloads: Array<{ fileName: string; content: Blob }>;

beforeAll(async () => {
  [demo, other] = await Promise.all([startDemoServer({ port: 0 }), startDemoServer({ port: 0 })]);
});
afterAll(() => Promise.all([demo.close(), other.close()]));

function start() {
  addresses = [];
  downloads = [];
  const effects = nodeEffects(downloads, {
    prefsStorage: memoryStorage(),
    address: { initial: 'http://lens.test/', replace: (relative) => addresses.push(relative) },
  });
  workspace = createWorkspace({
    startEngine: () => {
      const engine = engineOverChannel();
      return { client: engine.client, stop: engine.close };
    },
    effects,
    delay: () => Promise.resolve(),
    redirectUrl: 'http://lens.test/oauth-callback.html',
  });
}

afterEach(async () => {
  await Promise.all(workspace.store.getState().connections.map(({ app }) => app.commands.connection.disconnect()));
  workspace.dispose();
});

const addressUrl = () => readAddress(`http://lens.test/${addresses.at(-1)!}`).url;
const nameList = () => workspace.store.getState().connections.map(({ id }) => workspace.names.getState()[id]);
const connectedTo = (id: string) =>
  expect
    .poll(
      () =>
        workspace.store
          .getState()
          .connections.find((connection) => connection.id === id)
          ?.app.connection.getState().phase,
    )
    .toBe('connected');

describe('one connection, one identity', () => {
  it('a URL typed while connected and opened as a new connection leaves the first on its own server', async () => {
    start();
    const first = workspace.active();
    first.app.connection.getState().actions.setUrl(demo.url);
    await first.app.commands.connection.connect();
    const serverName = first.app.connection.getState().summary!.server.title!;
    expect(serverName).toBe('MCP Lens Demo Server');

    // A draft on the first connection, opened beside it: the draft goes with the new connection.
    first.app.connection.getState().actions.setUrl(other.url);
    const secondId = workspace.connectBeside(first.id)!;
    await connectedTo(secondId);
    const second = workspace.active();
    expect(second.id).toBe(secondId);
    expect(second.app.connection.getState().summary?.url).toBe(other.url);
    expect(addressUrl()).toBe(other.url);
    // Both demo servers call themselves the same: the second is told apart.
    expect(nameList()).toEqual([serverName, `${serverName} · 2`]);

    // The first connection's bar is its own again: its server, not the draft that left with the new one.
    expect(first.app.connection.getState().input.url).toBe(demo.url);
    workspace.select(first.id);
    expect(addressUrl()).toBe(demo.url);

    // Disconnected, it keeps its name, and Connect goes back to its own server.
    await first.app.commands.connection.disconnect();
    await expect.poll(() => first.app.connection.getState().phase).toBe('disconnected');
    expect(nameList()).toEqual([serverName, `${serverName} · 2`]);
    await first.app.commands.connection.connect();
    expect(first.app.connection.getState().summary?.url).toBe(demo.url);

    // Each one's exports carry its own name.
    await first.app.commands.sessionFile.saveSessionFile();
    second.app.commands.log.exportHar([]);
    expect(downloads.map((download) => download.fileName)).toEqual([
      expect.stringMatching(/^mcp-lens-mcp-lens-demo-server-\d{4}-[\d-]+T[\d-]+\.mcplens\.json$/),
      expect.stringMatching(/^mcp-lens-mcp-lens-demo-server-2-\d{4}-[\d-]+T[\d-]+\.har$/),
    ]);
  });

  it('a saved server opens under its saved name, and a second one to it is numbered', async () => {
    start();
    const first = workspace.active();
    first.app.connection.getState().actions.setUrl(demo.url);
    const id = first.app.commands.savedServers.saveCurrentServer('Staging')!;
    first.app.connection.getState().actions.setUrl('');
    expect(nameList()).toEqual(['New connection']);

    await first.app.commands.savedServers.connectSaved(id);
    expect(first.app.connection.getState().phase).toBe('connected');
    expect(nameList()).toEqual(['Staging']);
    const secondId = workspace.connectBeside(first.id)!;
    await connectedTo(secondId);
    expect(nameList()).toEqual(['Staging', 'Staging · 2']);

    // Renamed in the list, renamed everywhere; closing the first leaves the other the plain name.
    first.app.savedServers.getState().actions.rename(id, 'Staging EU');
    expect(nameList()).toEqual(['Staging EU', 'Staging EU · 2']);
    await workspace.close(first.id);
    expect(nameList()).toEqual(['Staging EU']);
  });

  it('after "Connect as 2025", Connect again says the protocol would change back to Auto', async () => {
    start();
    const { app } = workspace.active();
    app.connection.getState().actions.setUrl(demo.url);
    await app.commands.connection.connectAsLegacy();
    expect(app.connection.getState().summary?.era).toBe('legacy');
    expect(reconnectPlan(app.connection.getState())).toEqual({
      from: demo.url,
      to: demo.url,
      urlChanged: false,
      otherChanges: ['The protocol changed from 2025 and older to Auto.'],
    });
  });
});
