/** The palette's command registry, over a real workspace (its engine idle: no server is needed to list commands). */
import { afterEach, describe, expect, it } from 'vitest';
import { mcpKeys } from '../../queries/index.ts';
import { memoryStorage } from '../../test/support/test-storage.ts';
import { engineOverChannel } from '../../test/support/engine-channel.ts';
import { nodeEffects } from '../../test/support/node-effects.ts';
import { rankCommands } from './command-ranking.ts';
import { listCommands, watchListed } from './command-registry.ts';
import type { RegistryContext } from './palette-command.ts';
import { createWorkspace, type Workspace } from '../workspace.ts';

let workspace: Workspace;

function start() {
  workspace = createWorkspace({
    startEngine: () => {
      const engine = engineOverChannel();
      return { client: engine.client, stop: engine.close };
    },
    effects: nodeEffects([], { prefsStorage: memoryStorage() }),
    delay: () => Promise.resolve(),
    redirectUrl: 'http://lens.test/oauth-callback.html',
  });
  const app = workspace.active().app;
  const ctx: RegistryContext = {
    app,
    workspace,
    tabs: ['Tools', 'History'],
    theme: 'light',
    chooseSessionFile: () => undefined,
    now: () => 1,
  };
  return { app, ctx };
}

afterEach(() => workspace.dispose());

const byId = (ctx: RegistryContext, id: string) => listCommands(ctx).find((command) => command.id === id);

describe('command registry', () => {
  it('says which commands are destructive, and which can run now and why not', () => {
    const { app, ctx } = start();
    expect(byId(ctx, 'connect')?.unavailable).toMatch(/No server URL/);
    expect(byId(ctx, 'disconnect')).toMatchObject({ destructive: true, unavailable: 'Not connected.' });
    expect(byId(ctx, 'clear-log')?.destructive).toBe(true);
    app.connection.getState().actions.setUrl('http://127.0.0.1:1/mcp');
    expect(byId(ctx, 'connect')?.unavailable).toBeNull();
    expect(byId(ctx, 'theme')?.label).toBe('Use the dark theme');
  });

  it('lists the tabs, the tools the Tools tab loaded, saved calls for this server and saved servers', () => {
    const { app, ctx } = start();
    const server = 'http://127.0.0.1:1/mcp';
    app.connection.getState().actions.setUrl(server);
    const { connectionKey } = app.connection.getState();
    app.queryClient.setQueryData(mcpKeys.tools(connectionKey), {
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }] as never,
      pages: 1,
    });
    app.savedCalls.getState().actions.save({ name: 'Say hello', tool: 'echo', arguments: { text: 'hi' }, server, savedAt: 1 });
    app.savedCalls.getState().actions.save({ name: 'Elsewhere', tool: 'echo', arguments: {}, server: 'http://other.test/mcp', savedAt: 2 });
    app.savedServers
      .getState()
      .actions.add({ name: 'Demo', url: server, transport: 'streamable-http', era: 'auto', headers: [{ name: 'X-Key' }] });
    const commands = listCommands(ctx);
    const find = (label: string) => commands.find((command) => command.label === label);
    expect(find('Tools')).toMatchObject({ group: 'Tab', focus: { kind: 'tab', name: 'Tools' } });
    expect(find('echo')).toMatchObject({ group: 'Tool', focus: { kind: 'detail', title: 'echo' } });
    expect(find('Say hello')).toMatchObject({ group: 'Saved call', focus: { role: 'button', name: 'Run saved request Say hello' } });
    expect(find('Elsewhere')).toBeUndefined();
    // Its header value is not kept: choosing it leads to the value to fill in.
    expect(find('Connect to Demo')).toMatchObject({ group: 'Saved server', destructive: false, focus: { name: 'Header value 1' } });

    find('echo')!.run();
    expect(app.nav.getState().request).toMatchObject({ tab: 'Tools', item: 'echo' });
  });

  it('says when a list arrives while the palette is open, so a tool that loads behind it is offered', () => {
    const { app, ctx } = start();
    const { connectionKey } = app.connection.getState();
    let changes = 0;
    const stop = watchListed(app, () => (changes += 1));
    expect(byId(ctx, 'tool:echo')).toBeUndefined();
    app.queryClient.setQueryData(mcpKeys.tools(connectionKey), {
      tools: [{ name: 'echo', inputSchema: { type: 'object' } }] as never,
      pages: 1,
    });
    expect(changes).toBe(1);
    expect(byId(ctx, 'tool:echo')).toBeDefined();
    // Another connection's list, or a query that is no list, is not this palette's business.
    app.queryClient.setQueryData(mcpKeys.tools(connectionKey + 1), { tools: [], pages: 1 });
    app.queryClient.setQueryData(['something', 'else'], 1);
    expect(changes).toBe(1);
    stop();
    app.queryClient.setQueryData(mcpKeys.prompts(connectionKey), { prompts: [], pages: 1 });
    expect(changes).toBe(1);
  });

  it('opened while connected: Ctrl-K, Enter never reaches Disconnect', () => {
    const { app, ctx } = start();
    app.connection.setState({ phase: 'connected' });
    const ranking = rankCommands(listCommands(ctx), { disconnect: { count: 99, last: 99 } }, '');
    const first = ranking.shown[ranking.active]!.command;
    expect(first.destructive).toBe(false);
    expect(ranking.shown[0]!.command.destructive).toBe(false);
    expect(byId(ctx, 'connect')?.unavailable).toMatch(/Already connected/);
    expect(listCommands(ctx).find((command) => command.group === 'Saved server')).toBeUndefined();
  });

  it('offers a switch to every other connection, and refuses a ninth', () => {
    const { ctx } = start();
    workspace.add();
    workspace.select(workspace.store.getState().connections[0]!.id);
    expect(listCommands(ctx).filter((command) => command.group === 'Connection')).toHaveLength(1);
    for (let index = 0; index < 6; index++) workspace.add();
    expect(byId(ctx, 'add-connection')?.unavailable).toMatch(/8 connections are open/);
  });

  it('names each other connection as the switcher does, so two to one server are told apart', () => {
    const { app, ctx } = start();
    app.connection.getState().actions.setUrl('http://127.0.0.1:1/mcp');
    for (let index = 0; index < 2; index++) {
      workspace.add();
      workspace.active().app.connection.getState().actions.setUrl('http://127.0.0.1:1/mcp');
    }
    workspace.select(workspace.store.getState().connections[0]!.id);
    const switches = listCommands(ctx).filter((command) => command.group === 'Connection');
    expect(switches.map((command) => command.label)).toEqual(['Switch to 127.0.0.1:1 · 2', 'Switch to 127.0.0.1:1 · 3']);
  });
});
