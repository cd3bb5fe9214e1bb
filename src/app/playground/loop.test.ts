import { describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/model.ts';
import type { ChatMessage, ModelTurnResult } from '../../shared/playground.ts';
import { createPlaygroundStore } from '../../state/index.ts';
import { converse, MAX_MODEL_STEPS, MAX_TOOL_CALLS_PER_CONVERSATION, MAX_TOOL_CALLS_PER_STEP, resultText, type LoopDeps } from './loop.ts';

const tool = (name: string, annotations?: Tool['annotations']): Tool => ({
  name,
  inputSchema: { type: 'object' },
  icons: [],
  ...(annotations && { annotations }),
});

function harness(answers: (messages: ChatMessage[]) => ModelTurnResult) {
  const store = createPlaygroundStore();
  const ran: string[] = [];
  let n = 0;
  const deps: LoopDeps = {
    now: () => 1000,
    nextId: (prefix) => `${prefix}-${++n}`,
    modelTurn: async (messages) => answers(messages),
    runTool: async (name) => {
      ran.push(name);
      return { content: [{ type: 'text', text: `ran ${name}` }], isError: false, durationMs: 3 };
    },
    asksFirst: () => true,
    confirm: (_ask, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    allowed: () => store.getState().allowed,
    allow: (name) => store.getState().actions.allow(name),
    add: (item) => store.getState().actions.add(item),
    update: (id, change) => store.getState().actions.update(id, change),
  };
  return { store, ran, deps };
}

const calls = (...names: string[]): ModelTurnResult => ({
  text: '',
  toolCalls: names.map((name, i) => ({ id: `c${i}`, name, arguments: {} })),
  durationMs: 1,
});

describe('the conversation loop', () => {
  it('tells the model about a tool the server does not have and arguments that are not an object, without running anything', async () => {
    const { store, ran, deps } = harness((messages) =>
      messages.at(-1)!.role === 'user'
        ? {
            text: '',
            toolCalls: [
              { id: 'a', name: 'nope', arguments: {} },
              { id: 'b', name: 'echo', arguments: {}, badArguments: '[1]' },
            ],
            durationMs: 1,
          }
        : { text: 'ok', toolCalls: [], durationMs: 1 },
    );
    let committed: ChatMessage[] = [];
    await converse([], 'hi', [tool('echo', { readOnlyHint: true })], deps, new AbortController().signal, (m) => (committed = m));
    expect(ran).toEqual([]);
    const replies = committed.filter((m) => m.role === 'tool');
    expect(replies).toEqual([
      expect.objectContaining({ callId: 'a', isError: true, text: expect.stringContaining('no tool named') }),
      expect.objectContaining({ callId: 'b', isError: true, text: expect.stringContaining('not a JSON object') }),
    ]);
    expect(
      store
        .getState()
        .items.filter((i) => i.kind === 'tool')
        .map((i) => i.kind === 'tool' && i.status),
    ).toEqual(['failed', 'failed']);
  });

  it(`stops a model that keeps calling tools after ${MAX_MODEL_STEPS} steps, and says so`, async () => {
    const { ran, deps } = harness(() => calls('echo'));
    const error = await converse([], 'hi', [tool('echo', { readOnlyHint: true })], deps, new AbortController().signal, () => {}).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ code: 'protocol', message: expect.stringContaining(`${MAX_MODEL_STEPS} times`) });
    expect(ran).toHaveLength(MAX_MODEL_STEPS);
  });

  it('Stop while the person is being asked leaves the tool unrun and the history at the last complete exchange', async () => {
    const { store, ran, deps } = harness(() => calls('wipe'));
    const controller = new AbortController();
    let committed: ChatMessage[] | undefined;
    const running = converse([], 'hi', [tool('wipe')], deps, controller.signal, (m) => (committed = m));
    await expect.poll(() => store.getState().items.at(-1)).toMatchObject({ kind: 'tool', status: 'asking' });
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(ran).toEqual([]);
    expect(committed).toBeUndefined();
    expect(store.getState().items.at(-1)).toMatchObject({ status: 'stopped' });
  });

  it('asks before a tool a model calls that is not read-only, though it says it destroys nothing', async () => {
    // A tool result can tell a model to post data out: not destructive, open-world, and nobody chose the call.
    const { store, ran, deps } = harness(() => calls('post_to_url'));
    const controller = new AbortController();
    const running = converse(
      [],
      'hi',
      [tool('post_to_url', { destructiveHint: false, openWorldHint: true })],
      deps,
      controller.signal,
      () => {},
    );
    await expect.poll(() => store.getState().items.at(-1)).toMatchObject({ kind: 'tool', tool: 'post_to_url', status: 'asking' });
    controller.abort();
    await expect(running).rejects.toMatchObject({ code: 'cancelled' });
    expect(ran).toEqual([]);
  });

  it(`runs at most ${MAX_TOOL_CALLS_PER_STEP} calls from one answer and tells the model the rest were not run`, async () => {
    const many = Array.from({ length: 150 }, () => 'echo');
    const { ran, deps } = harness((messages) =>
      messages.at(-1)!.role === 'user' ? calls(...many) : { text: 'ok', toolCalls: [], durationMs: 1 },
    );
    let committed: ChatMessage[] = [];
    await converse([], 'hi', [tool('echo', { readOnlyHint: true })], deps, new AbortController().signal, (m) => (committed = m));
    expect(ran).toHaveLength(MAX_TOOL_CALLS_PER_STEP);
    const replies = committed.filter((m) => m.role === 'tool');
    expect(replies).toHaveLength(150);
    expect(replies.at(-1)).toMatchObject({ isError: true, text: expect.stringContaining('Not run') });
  });

  it(`stops running tools after ${MAX_TOOL_CALLS_PER_CONVERSATION} in one conversation, history included`, async () => {
    const earlier: ChatMessage[] = Array.from({ length: MAX_TOOL_CALLS_PER_CONVERSATION }, (_, i) => ({
      role: 'tool',
      callId: `old${i}`,
      name: 'echo',
      text: 'ran echo',
      isError: false,
    }));
    const { ran, deps } = harness((messages) =>
      messages.at(-1)!.role === 'user' ? calls('echo') : { text: 'ok', toolCalls: [], durationMs: 1 },
    );
    let committed: ChatMessage[] = [];
    await converse(earlier, 'again', [tool('echo', { readOnlyHint: true })], deps, new AbortController().signal, (m) => (committed = m));
    expect(ran).toEqual([]);
    expect(committed.at(-2)).toMatchObject({ role: 'tool', text: expect.stringContaining('Restart to go on') });
  });

  it('sends the model text, structured content, and names what it cannot read', () => {
    const text = resultText({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', mimeType: 'image/png', data: 'AAAA' },
      ],
      structuredContent: { n: 1 },
      isError: false,
      durationMs: 1,
    });
    expect(text).toBe('hello\n[image image/png content, not shown to the model]\n{"n":1}');
  });
});
