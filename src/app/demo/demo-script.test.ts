/** The demo script's steps, as data and as a command over the real stores (no engine needed). */
import { describe, expect, it } from 'vitest';
import type { ServerSummary } from '../../shared/model.ts';
import type { ScriptAt } from '../../state/index.ts';
import { memoryStorage } from '../../test/support/test-storage.ts';
import { demoScriptCommands, nextAt, scriptFor, scriptStatus, whyNoConversationScript, whyNoScript } from './demo-script.ts';
import { createSharedStores, createStores } from '../stores.ts';

const SERVER = 'http://127.0.0.1:3001/mcp';
const OTHER = 'http://127.0.0.1:4000/mcp';

const summary = (url: string): ServerSummary => ({
  url,
  transport: 'streamable-http',
  era: 'legacy',
  eraReason: 'Pinned.',
  protocolVersion: '2025-11-25',
  server: { name: 'demo', version: '1.0.0', icons: [] },
  capabilities: { tools: {} },
});

function setup() {
  const stores = createStores({ url: SERVER, headers: [] }, createSharedStores(memoryStorage()));
  const saved = stores.savedCalls.getState().actions;
  saved.save({ name: 'Say hi', tool: 'echo', arguments: { message: 'hi' }, server: SERVER, savedAt: 1 });
  saved.save({ name: 'Elsewhere', tool: 'echo', arguments: {}, server: OTHER, savedAt: 2 });
  saved.save({ name: 'Sales', tool: 'show-sales', arguments: { region: 'EU' }, server: SERVER, savedAt: 3 });
  const connectTo = (url: string) =>
    stores.connection.getState().actions.applyEvents([{ type: 'connection', phase: 'connected', summary: summary(url) }]);
  return { stores, commands: demoScriptCommands(stores), connectTo };
}

describe('the script model', () => {
  it('is the saved requests of this server, in their saved order, matched without the URL’s secrets', () => {
    const { stores } = setup();
    const requests = stores.savedCalls.getState().calls;
    expect(scriptFor(requests, SERVER).map((r) => r.name)).toEqual(['Say hi', 'Sales']);
    expect(scriptFor(requests, `${SERVER.replace('http://', 'http://me:pw@')}`).map((r) => r.name)).toEqual(['Say hi', 'Sales']);
  });

  it('is the same script whether the address carries the server’s key or not (?api_key=)', () => {
    const { stores } = setup();
    const requests = stores.savedCalls.getState().calls;
    expect(scriptFor(requests, `${SERVER}?api_key=sk-1&region=eu`).map((r) => r.name)).toEqual([]);
    expect(scriptFor(requests, `${SERVER}?api_key=sk-1`).map((r) => r.name)).toEqual(['Say hi', 'Sales']);
    stores.savedCalls.getState().actions.save({ name: 'Keyed', tool: 'echo', arguments: {}, server: `${OTHER}?token=t-9`, savedAt: 4 });
    expect(scriptFor(stores.savedCalls.getState().calls, OTHER).map((r) => r.name)).toEqual(['Elsewhere', 'Keyed']);
  });

  it('says why there is no script, and what would make one, and nothing once there is one', () => {
    const { stores } = setup();
    const requests = stores.savedCalls.getState().calls;
    expect(whyNoScript(requests, '')).toMatch(/^No script yet: connect/);
    expect(whyNoScript(requests, 'http://127.0.0.1:9/mcp')).toBe(
      'No script: save a call in History (Save request). (3 saved requests for other servers)',
    );
    expect(whyNoScript([], 'http://127.0.0.1:9/mcp')).not.toMatch(/other servers/);
    expect(whyNoScript(requests, `${SERVER}?api_key=sk-1`)).toBeNull();
  });

  it('says the same for the conversation script', () => {
    expect(whyNoConversationScript('', 0)).toMatch(/^No conversation script yet: connect/);
    expect(whyNoConversationScript(SERVER, 0)).toMatch(/Use as demo script\.$/);
    expect(whyNoConversationScript(SERVER, 2)).toBeNull();
  });

  it('takes two presses per step: the filled form, then the result; then ends and starts over', () => {
    const walk: ScriptAt[] = ['start'];
    for (let i = 0; i < 5; i++) walk.push(nextAt(walk.at(-1)!, 2));
    expect(walk).toEqual([
      'start',
      { step: 0, phase: 'form' },
      { step: 0, phase: 'result' },
      { step: 1, phase: 'form' },
      { step: 1, phase: 'result' },
      'end',
    ]);
    expect(nextAt('end', 2)).toEqual({ step: 0, phase: 'form' });
    expect(nextAt({ step: 0, phase: 'form' }, 0)).toBe('start');
  });

  it('carries on from what is left when the script shrinks under it', () => {
    expect(nextAt({ step: 4, phase: 'result' }, 2)).toEqual({ step: 1, phase: 'form' });
  });

  it('says where it is', () => {
    const { stores } = setup();
    const script = scriptFor(stores.savedCalls.getState().calls, SERVER);
    expect(scriptStatus({ step: 1, phase: 'form' }, script)).toBe('Step 2 of 2 — Sales');
    expect(scriptStatus('start', script)).toBe('Script ready: 2 steps');
    expect(scriptStatus('end', script)).toBe('Script done: 2 steps');
  });
});

describe('nextScriptStep', () => {
  it('does nothing until a server is connected', () => {
    const { stores, commands } = setup();
    commands.nextScriptStep();
    expect(stores.demoScript.getState()).toMatchObject({ at: 'start', cue: null });
  });

  it('opens the tool with its arguments, then asks for the run, then moves to the next request', () => {
    const { stores, commands, connectTo } = setup();
    connectTo(SERVER);
    stores.view.getState().actions.showTab('History');
    commands.nextScriptStep();
    expect(stores.view.getState()).toMatchObject({ tab: 'tools', tool: 'echo' });
    const fill = stores.demoScript.getState().cue!;
    expect(fill).toMatchObject({ tool: 'echo', arguments: { message: 'hi' }, run: false });
    expect(stores.demoScript.getState().actions.take(fill.seq)).toBe(true);
    expect(stores.demoScript.getState().actions.take(fill.seq)).toBe(false);

    commands.nextScriptStep();
    expect(stores.demoScript.getState().cue).toMatchObject({ tool: 'echo', run: true });
    commands.nextScriptStep();
    expect(stores.view.getState().tool).toBe('show-sales');
    expect(stores.demoScript.getState()).toMatchObject({
      at: { step: 1, phase: 'form' },
      cue: { arguments: { region: 'EU' }, run: false },
    });
  });

  it('starts over on another server, and follows a reordered script', () => {
    const { stores, commands, connectTo } = setup();
    connectTo(SERVER);
    commands.nextScriptStep();
    const sales = stores.savedCalls.getState().calls.find((r) => r.name === 'Sales')!;
    // Sales moves past "Elsewhere" (another server's) and then ahead of "Say hi".
    stores.savedCalls.getState().actions.move(sales.id, -1);
    stores.savedCalls.getState().actions.move(sales.id, -1);
    commands.restartScript();
    commands.nextScriptStep();
    expect(stores.demoScript.getState().cue).toMatchObject({ tool: 'show-sales', run: false });

    connectTo(OTHER);
    commands.nextScriptStep();
    expect(stores.demoScript.getState()).toMatchObject({
      server: OTHER,
      at: { step: 0, phase: 'form' },
      cue: { tool: 'echo', arguments: {} },
    });
  });
});
