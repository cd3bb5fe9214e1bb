/** The Playground's saved conversations, its demo script and its context: the model, and the session-file round trip. */
import { describe, expect, it } from 'vitest';
import type { SessionData } from '../../shared/session-file/session-file.ts';
import { parseSessionFile, sessionFileParts } from '../../shared/session-file/session-file.ts';
import { createConversationScriptStore, createPlaygroundStore } from '../../state/index.ts';
import { nextAt } from '../demo/demo-script.ts';
import { promptContext, resourceContext, withContext } from './context.ts';
import { scriptFrom, snapshotConversation } from './saved.ts';

function conversationOnScreen() {
  const store = createPlaygroundStore();
  const { actions } = store.getState();
  actions.setProvider({ kind: 'openai', baseUrl: 'https://me:pw@llm.example/v1?api_key=sk-in-url', model: 'm' });
  actions.add({ kind: 'user', id: 'u1', text: 'first question' });
  actions.add({
    kind: 'model',
    id: 'm1',
    turnId: 't',
    text: 'Let me look.',
    status: 'done',
    startedAt: 42,
    usage: { input: 3, output: 4 },
  });
  actions.add({
    kind: 'tool',
    id: 't1',
    tool: 'echo',
    arguments: { message: 'hi', access_token: 'secret-arg' },
    status: 'done',
    outcome: { content: [{ type: 'text', text: 'hi' }], isError: false, durationMs: 2 },
  });
  actions.add({ kind: 'user', id: 'u2', text: 'second <b>question</b>' });
  actions.add({ kind: 'model', id: 'm2', turnId: 't2', text: 'half', status: 'streaming', startedAt: 50 });
  actions.attach({ id: 'c1', kind: 'resource', label: 'demo://notes', text: 'the notes' });
  return store;
}

const session = (conversations: SessionData['playground']): SessionData => ({
  connection: { url: 'https://example.com/mcp', transport: 'auto', headerNames: [] },
  server: null,
  log: { evicted: 0, items: [] },
  http: { evicted: 0, exchanges: [] },
  results: [],
  ...(conversations && { playground: conversations }),
});

async function roundTrip(data: SessionData) {
  const text = [...sessionFileParts(data, { savedAt: new Date(0), appVersion: 't' })].join('');
  return { text, parsed: parseSessionFile(text) };
}

describe('saved conversations', () => {
  it('snapshots what the person saw, with a step still streaming saved as stopped, and builds the script from their messages', () => {
    const state = conversationOnScreen().getState();
    const saved = snapshotConversation(state, 1)!;
    expect(saved.startedAt).toBe(42);
    expect(saved.context).toEqual([{ kind: 'resource', label: 'demo://notes' }]);
    expect(saved.items.map((item) => item.kind)).toEqual(['user', 'model', 'tool', 'user', 'model']);
    expect(saved.items.at(-1)).toMatchObject({ kind: 'model', status: 'stopped', text: 'half' });
    expect(scriptFrom(state.items)).toEqual(['first question', 'second <b>question</b>']);
    expect(snapshotConversation(createPlaygroundStore().getState(), 1)).toBeNull();
  });

  it('round-trips through the session file masked: no credentials in the base URL, none in the arguments', async () => {
    const saved = snapshotConversation(conversationOnScreen().getState(), 1)!;
    const { text, parsed } = await roundTrip(session({ conversations: [saved] }));
    expect(text).not.toContain('pw@');
    expect(text).not.toContain('sk-in-url');
    expect(text).not.toContain('secret-arg');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.notes).toEqual([]);
    const [back] = parsed.file.playground!.conversations;
    expect(back!.provider.baseUrl).toMatch(/^https:\/\/llm\.example\/v1/);
    expect(back!.items).toHaveLength(5);
    expect(back!.items[2]).toMatchObject({ kind: 'tool', tool: 'echo', outcome: { content: [{ type: 'text', text: 'hi' }] } });
    expect(back!.items[3]).toEqual({ kind: 'user', text: 'second <b>question</b>' });
  });

  it('writes no playground section without conversations, and older files open without one', async () => {
    const { text, parsed } = await roundTrip(session({ conversations: [] }));
    expect(text).not.toContain('"playground"');
    expect(parsed.ok && parsed.file.playground).toBeUndefined();
  });

  it('reads a crafted file field by field: wrong shapes are left out and said, strings are bounded, the count is capped', () => {
    const file = {
      format: 'mcp-lens-session',
      version: 2,
      log: { items: [] },
      playground: {
        conversations: [
          { provider: { kind: 'nope', model: 'x', baseUrl: 'x' }, items: [] },
          {
            startedAt: 'soon',
            provider: { kind: 'anthropic', model: 'c'.repeat(5000), baseUrl: 'https://u:p@a.example/v1' },
            context: [{ kind: 'prompt', label: 'p' }, { kind: 'script', label: 'x' }, 7],
            items: [
              { kind: 'user', text: 'ok' },
              { kind: 'user', text: 5 },
              { kind: 'model', text: 'x', status: 'thinking' },
              { kind: 'tool', tool: 'echo', status: 'done', arguments: { a: 1 }, outcome: { content: 'not a list' } },
              { kind: 'html', text: '<script>' },
            ],
          },
          ...Array.from({ length: 60 }, () => ({ provider: { kind: 'openai', model: 'm', baseUrl: '' }, items: [] })),
        ],
      },
    };
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const conversations = parsed.file.playground!.conversations;
    expect(conversations).toHaveLength(49); // 50 read, the one with an unknown wire format left out
    const [first] = conversations;
    expect(first!.startedAt).toBe(0);
    expect(first!.provider.model.length).toBeLessThan(300);
    expect(first!.provider.baseUrl).not.toContain('u:p@');
    expect(first!.context).toEqual([{ kind: 'prompt', label: 'p' }]);
    expect(first!.items.map((item) => item.kind)).toEqual(['user', 'tool']);
    expect(parsed.notes.join(' ')).toMatch(/saved Playground conversations beyond the first 50/);
    expect(parsed.notes.join(' ')).toMatch(/Playground conversation items of the wrong shape/);
  });

  it('Restart keeps the conversation that ended, for the session file', () => {
    const store = conversationOnScreen();
    store.getState().actions.restart(snapshotConversation(store.getState(), 1));
    expect(store.getState()).toMatchObject({ items: [], context: [] });
    expect(store.getState().earlier).toHaveLength(1);
  });
});

describe('the conversation script', () => {
  const storage = () => {
    const map = new Map<string, string>();
    return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
  };

  it('is kept per server in the browser, checked when read back, and stepped show-then-send like saved requests', () => {
    const kept = storage();
    const store = createConversationScriptStore(kept);
    store.getState().actions.setScript('https://a.example/mcp', ['one', '  ', 'two']);
    expect(createConversationScriptStore(kept).getState().scripts).toEqual([{ server: 'https://a.example/mcp', prompts: ['one', 'two'] }]);
    kept.map.set('mcp-lens.conversation-scripts', JSON.stringify([{ server: 5, prompts: [] }, { server: 's', prompts: ['x', 7] }, 'junk']));
    expect(createConversationScriptStore(kept).getState().scripts).toEqual([{ server: 's', prompts: ['x'] }]);
    const steps = [nextAt('start', 2)];
    for (let i = 0; i < 4; i++) steps.push(nextAt(steps.at(-1)!, 2));
    expect(steps).toEqual([
      { step: 0, phase: 'form' },
      { step: 0, phase: 'result' },
      { step: 1, phase: 'form' },
      { step: 1, phase: 'result' },
      'end',
    ]);
  });
});

describe('prompts and resources as context', () => {
  it('sends text only, names what it leaves out, and goes in front of the first message', () => {
    const prompt = promptContext(
      'greet',
      { name: 'Ada', tone: '' },
      {
        messages: [
          { role: 'user', content: { type: 'text', text: 'Say hi to Ada' } },
          { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: 'AAAA' } },
        ],
        problems: [],
        durationMs: 1,
      },
    );
    expect(prompt).toEqual({
      kind: 'prompt',
      label: 'greet(name=Ada)',
      text: 'user: Say hi to Ada\nassistant: [image image/png: not sent to the model]',
      note: '1 image left out',
    });
    const resource = resourceContext('demo://blob', {
      uri: 'demo://blob',
      contents: [
        { uri: 'demo://blob', mimeType: 'application/pdf', blobBytes: 10 },
        { uri: 'demo://blob', text: 'x'.repeat(30_000) },
      ],
      problems: [],
      durationMs: 1,
    });
    expect(resource.note).toMatch(/1 blob left out; cut to 20,000/);
    expect(resource.text.length).toBeLessThan(20_100);
    const messages = withContext(
      [
        { role: 'user', text: 'hello' },
        { role: 'assistant', text: 'hi', toolCalls: [] },
        { role: 'user', text: 'again' },
      ],
      [prompt],
    );
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(messages[0]).toMatchObject({ text: expect.stringMatching(/^The person attached[\s\S]*Say hi to Ada[\s\S]*\nhello$/) });
    expect(messages[2]).toEqual({ role: 'user', text: 'again' });
  });
});
