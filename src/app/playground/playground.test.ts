/**
 * The Playground end to end in Node: the app's commands, the real engine behind a MessageChannel, the demo
 * server, and the fake provider in both wire formats. Tool calls go through the Tools tab's path, so they
 * are in the message log; the key is in none of the log, the HTTP exchanges or the store.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../../node/demo-server/index.ts';
import type { Tool } from '../../shared/model.ts';
import type { ProviderKind } from '../../shared/playground.ts';
import { playgroundCallId, type PlaygroundItem } from '../../state/index.ts';
import { engineOverChannel } from '../../test/support/engine-channel.ts';
import { nodeEffects } from '../../test/support/node-effects.ts';
import { closeNow, createFakeProvider, FAKE_PROVIDER_KEY, listenOnLoopback } from '../../test/servers/fake-provider.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import { createLensApp, type LensApp } from '../lens-app.ts';

let demo: RunningDemoServer;
const provider = createFakeProvider();
let providerOrigin = '';
let engine: ReturnType<typeof engineOverChannel>;
let app: LensApp;
let tools: Tool[];

beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  providerOrigin = await listenOnLoopback(provider.server);
});
afterAll(async () => {
  closeNow(provider.server);
  await demo.close();
});

async function start(kind: ProviderKind, key = FAKE_PROVIDER_KEY) {
  engine = engineOverChannel();
  app = createLensApp({
    client: engine.client,
    effects: nodeEffects(),
    opened: { url: demo.url, tab: null, tool: null, connect: false, demo: false },
    redirectUrl: 'http://127.0.0.1/oauth-callback.html',
  });
  await app.commands.connection.connect();
  tools = (await engine.client.call('listTools', {})).tools;
  app.playground.getState().actions.setProvider({ kind, baseUrl: `${providerOrigin}/${kind}/v1`, model: 'fake-model' });
  await app.commands.playground.setPlaygroundKey(key);
}

afterEach(async () => {
  await app.commands.connection.disconnect();
  app.dispose();
  engine.close();
});

const items = () => app.playground.getState().items;
/** Sends a message as the view does, a job of the registry, and waits for it to settle. */
const send = (text: string) => app.commands.jobs.settledCall(app.commands.playground.sendPlaygroundMessage(text, tools)!);
const ofKind = <K extends PlaygroundItem['kind']>(kind: K) =>
  items().filter((item): item is Extract<PlaygroundItem, { kind: K }> => item.kind === kind);

describe.each(['openai', 'anthropic'] as const)('the Playground with the %s wire format', (kind) => {
  it('asks, runs the tool the model calls through the session, and shows the answer, with tokens and time', async () => {
    await start(kind);
    expect(app.playground.getState().keyOrigins).toEqual([providerOrigin]);
    const job = await send('hello lens');
    expect(job).toMatchObject({ kind: 'conversation', status: 'success', scope: 'conversation' });
    expect(items().map((item) => item.kind)).toEqual(['user', 'model', 'tool', 'model']);
    const [first, last] = ofKind('model');
    expect(first).toMatchObject({ status: 'done', text: 'Let me check with the server. ', usage: { input: expect.any(Number) } });
    expect(first!.durationMs).toBeGreaterThanOrEqual(0);
    expect(last).toMatchObject({ status: 'done', text: 'The tool answered: hello lens' });
    const [card] = ofKind('tool');
    expect(card).toMatchObject({ tool: 'echo', arguments: { message: 'hello lens' }, status: 'done', logSeq: expect.any(Number) });
    // The card's link: the tools/call request in the message log, whose origin is the card.
    const entry = app.log.getState().byId.get(`m${card!.logSeq}`);
    expect(entry).toMatchObject({
      type: 'message',
      entry: { direction: 'out', method: 'tools/call', origin: { id: playgroundCallId(card!.id) } },
    });

    // The key went to the provider only, and is nowhere on the UI side.
    expect(provider.seen.at(-1)!.path).toBe(`/${kind}/v1/${kind === 'openai' ? 'chat/completions' : 'messages'}`);
    const uiSide = JSON.stringify([
      ...app.log.getState().byId.values(),
      [...app.http.getState().bySeq.values()],
      app.playground.getState(),
    ]);
    expect(uiSide).toContain('tools/call');
    expect(uiSide).not.toContain(FAKE_PROVIDER_KEY);
  });

  it('asks before a destructive tool; "no" tells the model, "allow for this conversation" stops asking', async () => {
    await start(kind);
    const sent = send('please call clear-notes');
    await waitFor(() => app.playground.getState().confirm !== null, 'the question before clear-notes');
    expect(app.playground.getState().confirm).toMatchObject({ tool: 'clear-notes', annotations: { destructiveHint: true } });
    app.commands.playground.answerPlaygroundConfirm('no');
    await sent;
    expect(ofKind('tool')[0]).toMatchObject({ status: 'declined', note: expect.stringContaining('declined') });
    expect(ofKind('model').at(-1)!.text).toContain('declined');

    const again = send('now call clear-notes');
    await waitFor(() => app.playground.getState().confirm !== null, 'the second question');
    app.commands.playground.answerPlaygroundConfirm('conversation');
    await again;
    expect(ofKind('tool')[1]).toMatchObject({ status: 'done' });
    expect(app.playground.getState().allowed).toEqual(['clear-notes']);

    await send('once more call clear-notes');
    expect(ofKind('tool')[2]).toMatchObject({ status: 'done' });
    expect(app.playground.getState().confirm).toBeNull();
  });

  it('stops mid-stream: the step says stopped, the conversation is not failed, and it can go on', async () => {
    await start(kind);
    const sent = send('please stall');
    await waitFor(() => (ofKind('model')[0]?.text.length ?? 0) > 0, 'streamed text');
    app.commands.playground.stopPlayground();
    // Stopped through the registry: the job settles once, as cancelled, which the view does not call a failure.
    expect(await sent).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    expect(ofKind('model')[0]).toMatchObject({ status: 'stopped' });
    await send('hi again');
    expect(ofKind('model').at(-1)).toMatchObject({ status: 'done', text: 'The tool answered: hi again' });
  });

  it('explains a refused key on the step, and Restart clears the conversation', async () => {
    await start(kind, 'sk-bad');
    const job = await send('hello');
    expect(ofKind('model')[0]).toMatchObject({ status: 'failed', error: { code: 'unauthorized' } });
    expect(job.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('refused the key') });
    app.commands.playground.restartPlayground();
    expect(app.playground.getState()).toMatchObject({ items: [], allowed: [] });
    // The failure belonged to the conversation that ended: the new one shows none.
    expect(app.calls.getState().latest.has('conversation:conversation')).toBe(false);
  });
});

describe('a Playground message is a job of the registry', () => {
  it('waits behind the message before it in the conversation scope, and Restart cancels both, each settling once', async () => {
    await start('openai');
    const first = app.commands.playground.sendPlaygroundMessage('please stall', tools)!;
    const second = app.commands.playground.sendPlaygroundMessage('hi again', tools)!;
    expect(app.commands.playground.sendPlaygroundMessage('   ', tools)).toBeNull();
    await waitFor(() => (ofKind('model')[0]?.text.length ?? 0) > 0, 'streamed text');
    // The second waits its turn: nothing of it reached the conversation or the model yet.
    expect(ofKind('user').map((item) => item.text)).toEqual(['please stall']);
    expect(app.calls.getState().byId.get(second)).toMatchObject({ status: 'running', scope: 'conversation' });
    const settles: string[] = [];
    const stop = app.calls.subscribe((state, before) => {
      for (const id of [first, second])
        if (state.byId.get(id)?.status !== 'running' && before.byId.get(id)?.status === 'running') settles.push(id);
    });
    app.commands.playground.restartPlayground();
    const [a, b] = await Promise.all([app.commands.jobs.settledCall(first), app.commands.jobs.settledCall(second)]);
    stop();
    expect(a).toMatchObject({ status: 'error', error: { code: 'cancelled' } });
    expect(b).toMatchObject({ status: 'error', error: { code: 'cancelled', message: 'Cancelled before it started.' } });
    expect(settles.sort()).toEqual([first, second].sort());
    expect(items()).toEqual([]);
    // The conversation goes on afresh.
    expect(await send('hello lens')).toMatchObject({ status: 'success' });
    expect(ofKind('user').map((item) => item.text)).toEqual(['hello lens']);
  });
});
