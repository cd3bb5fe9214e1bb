/**
 * The Collections feature in Node against the real engine and the demo server, in each era: calls made in the
 * app added as steps (a tool call, a logged resources/read, an expected error), the collection saved and
 * opened again, run green as one job whose steps' requests carry the step and the job in the log; the server
 * changed so a step fails with its difference named, the new result accepted, and the run green again. A
 * collection that needs an `${env:…}` and a `${var:…}` runs with the values given in the tab, and neither is kept.
 */
import { serverPatternProblem } from '../shared/server-pattern.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { collectionsPaletteCommands } from '../app/collections/collections-palette.ts';
import { createLensApp, type LensApp } from '../app/lens-app.ts';
import type { RegistryContext } from '../app/palette/palette-command.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { readCollection } from '../shared/collection/read.ts';
import { MASKED } from '../shared/collection/run.ts';
import { originOf } from '../shared/message-origin.ts';
import type { ToolCallOutcome } from '../shared/model.ts';
import { engineOverChannel } from './support/engine-channel.ts';
import { nodeEffects } from './support/node-effects.ts';
import { memoryStorage } from './support/test-storage.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
let engine: ReturnType<typeof engineOverChannel>;
let app: LensApp;
const downloads: Array<{ fileName: string; content: Blob }> = [];
const storage = memoryStorage();

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());
afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

async function connected(era: 'legacy' | 'modern') {
  engine = engineOverChannel();
  app = createLensApp({
    client: engine.client,
    effects: nodeEffects(downloads, { prefsStorage: storage }),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  app.connection.getState().actions.setEra(era);
  await app.commands.connection.connect();
}

async function callTool(name: string, args: Record<string, unknown>): Promise<ToolCallOutcome> {
  const call = await app.commands.jobs.settledCall(app.commands.jobs.startCall('tool', { name, arguments: args }));
  return call.result as ToolCallOutcome;
}

const messages = () =>
  app.log
    .getState()
    .ids.toArray()
    .flatMap((id) => {
      const item = app.log.getState().byId.get(id);
      return item?.type === 'message' ? [item] : [];
    });

const paletteEntry = (id: string) => collectionsPaletteCommands({ app } as unknown as RegistryContext).find((entry) => entry.id === id)!;

async function run() {
  const job = await app.commands.collections.runOpenCollection();
  expect(job).not.toBeNull();
  await waitFor(() => app.collections.getState().run?.status !== 'running', 'the run to end');
  return app.collections.getState().run!;
}

describe.each(['legacy', 'modern'] as const)('a collection in the app (%s)', (era) => {
  it('records three calls, saves and reopens them, runs green, fails on a changed result and passes once it is accepted', async () => {
    await connected(era);
    app.collections.getState().actions.close();
    expect(paletteEntry('collection-run').unavailable).toMatch(/No collection is open/);

    // A tool with a snapshot, from its History entry.
    const echo = await callTool('echo', { message: 'collected' });
    expect(
      await app.commands.collections.addToolCallToCollection({ tool: 'echo', arguments: { message: 'collected' }, outcome: echo }),
    ).toBe(true);

    // A resources/read, from its request row in the Message log.
    await engine.client.call('readResource', { uri: 'demo://notes' });
    const read = messages().find((item) => item.entry.method === 'resources/read' && item.entry.kind === 'request');
    expect(read).toBeDefined();
    await waitFor(() => messages().some((item) => item.entry.requestSeq === read!.entry.seq), 'the read to be answered');
    expect(await app.commands.collections.addLoggedRequestToCollection(read!.id)).toBe(true);

    // An expected error: the tool's own (isError).
    const fails = await callTool('always-fails', {});
    expect(await app.commands.collections.addToolCallToCollection({ tool: 'always-fails', arguments: {}, outcome: fails })).toBe(true);

    const added = app.collections.getState();
    expect(added.dirty).toBe(true);
    expect(added.collection!.steps.map((step) => step.request.method)).toEqual(['tools/call', 'resources/read', 'tools/call']);
    expect(added.collection!.steps[2]!.expect?.outcome).toBe('tool-error');

    // Saved in the stable key order and opened again from the file.
    expect(await app.commands.collections.saveCollection()).toBe(true);
    const saved = downloads.at(-1)!;
    expect(saved.fileName).toMatch(/^mcp-lens-collection-.+-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.json$/);
    const text = await saved.content.text();
    expect(readCollection(text, serverPatternProblem).ok).toBe(true);
    expect(app.collections.getState().dirty).toBe(false);
    app.collections.getState().actions.close();
    expect(await app.commands.collections.openCollectionFile(Object.assign(new Blob([text]), { name: saved.fileName }))).toBe(true);
    expect(app.collections.getState().collection!.steps).toHaveLength(3);

    expect(paletteEntry('collection-save').unavailable).toBeNull();
    expect(paletteEntry('collection-run').unavailable).toBeNull();
    const green = await run();
    expect(green.status).toBe('done');
    expect(green.results.map((result) => result.status)).toEqual(['pass', 'pass', 'pass']);
    // Every step's request carries the step and the run's job, and "Show in Message log" selects its answer.
    const marked = messages().filter((item) => originOf(item.entry, 'collections')?.job === green.job);
    expect(marked.map((item) => originOf(item.entry, 'collections')!.id)).toEqual(['0', '1', '2']);
    expect(await app.commands.collections.showCollectionStepInLog(1)).toBe(true);
    const selected = app.log.getState().byId.get(app.log.getState().selectedId!);
    expect(selected?.type === 'message' && selected.entry.requestSeq).toBe(marked[1]!.entry.seq);

    // The server changes: the notes resource now holds a note.
    await callTool('add-note', { text: `note for ${era}` });
    const red = await run();
    expect(red.results.map((result) => result.status)).toEqual(['pass', 'fail', 'pass']);
    const snapshot = red.results[1]!.checks.find((check) => check.label === 'snapshot')!;
    expect(snapshot.pass).toBe(false);
    expect(snapshot.differences?.[0]).toMatchObject({ pointer: '/contents/0/text', change: 'changed' });

    expect(await app.commands.collections.acceptStepResult(1)).toBe(true);
    expect(app.collections.getState().dirty).toBe(true);
    expect(app.collections.getState().run?.accepted).toEqual([1]);
    const again = await run();
    expect(again.results.map((result) => result.status)).toEqual(['pass', 'pass', 'pass']);
  });

  it('keeps the open collection across a reload, and refuses a bad file with what is wrong', async () => {
    await connected(era);
    const echo = await callTool('echo', { message: 'kept' });
    app.collections.getState().actions.close();
    await app.commands.collections.addToolCallToCollection({ tool: 'echo', arguments: { message: 'kept' }, outcome: echo });
    const before = app.collections.getState().collection;

    // A second app on the same storage is the page after a reload.
    const reloaded = createLensApp({
      client: engine.client,
      effects: nodeEffects([], { prefsStorage: storage }),
      redirectUrl: 'http://127.0.0.1/oauth-callback.html',
    });
    expect(reloaded.collections.getState().collection).toEqual(before);
    expect(reloaded.collections.getState().dirty).toBe(true);
    reloaded.dispose();

    const bad = Object.assign(new Blob(['{"format":"mcp-lens-collection","version":1,"name":"x","steps":[{"name":"s"}]}']), {
      name: 'bad.json',
    });
    expect(await app.commands.collections.openCollectionFile(bad)).toBe(false);
    expect(app.collections.getState().openError).toMatch(/bad\.json is not a collection MCP Lens can open: \/steps\/0/);
    expect(app.collections.getState().collection).toEqual(before);
  });
});

describe('a collection that needs variables, in the app', () => {
  it('is refused until each is given, then runs with the values given, the env value masked and never kept', async () => {
    await connected('modern');
    const secret = 's3cret-token-9f2c';
    const file = JSON.stringify({
      format: 'mcp-lens-collection',
      version: 1,
      name: 'Needs variables',
      variables: {
        TOKEN: { from: 'env', description: 'An API token' },
        WHO: { from: 'var' },
        CITY: { from: 'var', default: 'Paris' },
      },
      steps: [
        {
          name: 'echo the token',
          request: { method: 'tools/call', params: { name: 'echo', arguments: { message: '${var:WHO} holds ${env:TOKEN}' } } },
          changesThings: true,
          expect: { assert: [{ pointer: '/content/0/text', contains: ' holds ' }] },
        },
        {
          name: 'echo the city',
          request: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'in ${var:CITY}' } } },
          changesThings: true,
          expect: { assert: [{ pointer: '/content/0/text', contains: 'in Paris' }] },
        },
      ],
    });
    expect(await app.commands.collections.openCollectionFile(Object.assign(new Blob([file]), { name: 'vars.collection.json' }))).toBe(true);

    // Nothing given: refused before anything is sent, naming what is missing (a var with a default is not).
    const sentBefore = messages().length;
    expect(paletteEntry('collection-run').unavailable).toMatch(/^Give a value for \$\{var:WHO\} and \$\{env:TOKEN\} to run\./);
    expect(await app.commands.collections.runOpenCollection()).toBeNull();
    expect(app.collections.getState().openError).toMatch(/\$\{var:WHO\} and \$\{env:TOKEN\}/);
    expect(messages()).toHaveLength(sentBefore);

    const { setValue } = app.collections.getState().actions;
    setValue('env:TOKEN', secret);
    setValue('var:WHO', 'Ada-7e1');
    expect(paletteEntry('collection-run').unavailable).toBeNull();
    const green = await run();
    expect(green.results.map((result) => result.status)).toEqual(['pass', 'pass']);
    // What the run shows as sent masks the env value; the var and the file's default are as given.
    expect(green.results[0]!.sent?.params).toEqual({ name: 'echo', arguments: { message: MASKED } });
    expect(JSON.stringify(green.results[0]!.answer)).toContain(`Ada-7e1 holds ${secret}`);
    expect(green.results[1]!.sent?.params).toEqual({ name: 'echo', arguments: { message: 'in Paris' } });

    // Neither value is in what the store keeps, nor in a saved file; closing the collection forgets them.
    expect(JSON.stringify(storage.data)).toContain('Needs variables');
    expect(JSON.stringify(storage.data)).not.toContain(secret);
    expect(JSON.stringify(storage.data)).not.toContain('Ada-7e1');
    expect(await app.commands.collections.saveCollection()).toBe(true);
    const saved = await downloads.at(-1)!.content.text();
    expect(saved).not.toContain(secret);
    expect(saved).not.toContain('Ada-7e1');
    app.collections.getState().actions.close();
    expect(app.collections.getState().values).toEqual({});
  });
});
