/** Resources, prompts, completions and logging through the engine, against the demo server on loopback. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { TICKER_URI } from '../node/demo-server/subscriptions.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { waitFor } from './support/wait-for.ts';

let demo: RunningDemoServer;
let h: Harness;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  h = createHarness();
  await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
});
afterAll(async () => {
  await h.engine.call('disconnect', undefined);
  await demo.close();
});

describe('resources', () => {
  it('lists resources with their metadata and templates with their variables', async () => {
    const { resources, pages, skipped } = await h.engine.call('listResources', undefined);
    expect(pages).toBe(1);
    expect(skipped).toBe(0);
    const guide = resources.find((r) => r.uri === 'demo://docs/guide.md');
    expect(guide).toMatchObject({
      name: 'guide',
      title: 'Inspector guide',
      mimeType: 'text/markdown',
      annotations: { audience: ['user'], priority: 0.8 },
    });
    expect(guide?.icons.length).toBe(1);
    expect(resources.find((r) => r.uri === 'demo://files/sample.bin')?.size).toBe(1024);

    const { templates } = await h.engine.call('listResourceTemplates', undefined);
    expect(templates.find((t) => t.uriTemplate === 'demo://files/{folder}/{file}')?.variables).toEqual(['folder', 'file']);
  });

  it('expands variables named after Object.prototype members only from what was typed (issue 16)', async () => {
    const { uri } = await h.engine.call('expandUriTemplate', {
      template: 'x://{toString}/{__proto__}/{constructor}/{a}',
      variables: Object.fromEntries([
        ['__proto__', 'p'],
        ['a', '1'],
      ]),
    });
    expect(uri).toBe('x:///p//1');
  });

  it('expands a template with the SDK UriTemplate and reads the result', async () => {
    const { uri } = await h.engine.call('expandUriTemplate', {
      template: 'demo://files/{folder}/{file}',
      variables: { folder: 'recipes', file: 'soup.txt' },
    });
    expect(uri).toBe('demo://files/recipes/soup.txt');
    const read = await h.engine.call('readResource', { uri });
    expect(read.contents[0]).toMatchObject({ uri, mimeType: 'text/plain', text: 'Contents of recipes/soup.txt.' });
    expect(read.problems).toEqual([]);
  });

  it('decodes blobs into typed Blobs and keeps several contents items', async () => {
    const bin = await h.engine.call('readResource', { uri: 'demo://files/sample.bin' });
    expect(bin.contents[0]?.blob).toBeInstanceOf(Blob);
    expect(bin.contents[0]?.blobBytes).toBe(1024);
    expect(bin.contents[0]?.blob?.type).toBe('application/octet-stream');
    const pair = await h.engine.call('readResource', { uri: 'demo://images/pair' });
    expect(pair.contents.map((c) => c.blob?.type)).toEqual(['image/png', 'image/png']);
    const png = new Uint8Array(await pair.contents[0]!.blob!.arrayBuffer());
    expect([...png.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  });

  it('subscribes, receives notifications/resources/updated, and stops after unsubscribing', async () => {
    const updates = () =>
      h
        .messages()
        .filter(
          (m) => m.method === 'notifications/resources/updated' && (m.message as { params?: { uri?: string } }).params?.uri === TICKER_URI,
        ).length;
    await h.engine.call('subscribeResource', { uri: TICKER_URI });
    await waitFor(() => updates() >= 1, 'a resource update');
    await h.engine.call('unsubscribeResource', { uri: TICKER_URI });
    const after = updates();
    await new Promise((r) => setTimeout(r, 1800));
    expect(updates()).toBe(after);
  });

  it('refuses an empty URI without asking the server', async () => {
    await expect(h.engine.call('readResource', { uri: ' ' })).rejects.toMatchObject({ code: 'invalid-input' });
  });
});

describe('prompts', () => {
  it('lists prompts with required and optional arguments', async () => {
    const { prompts } = await h.engine.call('listPrompts', undefined);
    const review = prompts.find((p) => p.name === 'review-code');
    expect(review?.arguments.map((a) => [a.name, a.required])).toEqual([
      ['language', true],
      ['framework', false],
      ['code', true],
    ]);
  });

  it('sends arguments named after Object.prototype members as given (issue 16)', async () => {
    const before = h.messages().length;
    const args = Object.fromEntries([
      ['__proto__', 'p'],
      ['toString', 't'],
      ['caption', 'hi'],
    ]) as Record<string, string>;
    await h.engine.call('getPrompt', { name: 'content-gallery', arguments: args });
    const sent = h
      .messages()
      .slice(before)
      .find((m) => m.direction === 'out' && m.method === 'prompts/get');
    const sentArgs = (sent?.message as { params: { arguments: Record<string, string> } }).params.arguments;
    expect(Object.entries(sentArgs)).toEqual([
      ['__proto__', 'p'],
      ['toString', 't'],
      ['caption', 'hi'],
    ]);
  });

  it('gets a prompt and returns every content type by role', async () => {
    const result = await h.engine.call('getPrompt', { name: 'content-gallery', arguments: { caption: 'hi' } });
    expect(result.problems).toEqual([]);
    expect(result.messages.map((m) => `${m.role}:${m.content.type}`)).toEqual([
      'user:text',
      'assistant:image',
      'user:audio',
      'assistant:resource_link',
      'user:resource',
      'assistant:resource',
    ]);
    expect(result.messages[0]?.content.text).toBe('hi');
  });

  it('reports a missing required argument as the server error', async () => {
    await expect(h.engine.call('getPrompt', { name: 'review-code', arguments: { language: 'rust' } })).rejects.toMatchObject({
      code: 'protocol',
    });
  });
});

describe('completions', () => {
  it('completes prompt arguments, narrowed by context.arguments', async () => {
    const language = await h.engine.call('complete', {
      ref: { type: 'ref/prompt', name: 'review-code' },
      argument: { name: 'language', value: 'py' },
    });
    expect(language.values).toEqual(['python']);
    const framework = await h.engine.call('complete', {
      ref: { type: 'ref/prompt', name: 'review-code' },
      argument: { name: 'framework', value: '' },
      contextArguments: { language: 'rust' },
    });
    expect(framework.values).toEqual(['axum', 'serde', 'tokio']);
    expect(framework.hasMore).toBe(false);
  });

  it('completes resource template variables', async () => {
    const files = await h.engine.call('complete', {
      ref: { type: 'ref/resource', uri: 'demo://files/{folder}/{file}' },
      argument: { name: 'file', value: 'to' },
      contextArguments: { folder: 'letters' },
    });
    expect(files.values).toEqual(['to-ada.txt', 'to-grace.txt']);
  });
});

describe('logging', () => {
  it('sets the level; debug lines stop at warning and the messages arrive as notifications', async () => {
    await h.engine.call('setLogLevel', { level: 'debug' });
    const before = h.messages().filter((m) => m.method === 'notifications/message').length;
    await h.engine.call('callTool', { name: 'long-running-task', arguments: { steps: 2, stepMs: 50 } });
    const debugRun = h.messages().filter((m) => m.method === 'notifications/message').length - before;
    expect(debugRun).toBeGreaterThanOrEqual(4);

    await h.engine.call('setLogLevel', { level: 'warning' });
    const mid = h.messages().filter((m) => m.method === 'notifications/message').length;
    await h.engine.call('callTool', { name: 'long-running-task', arguments: { steps: 2, stepMs: 50 } });
    expect(h.messages().filter((m) => m.method === 'notifications/message').length - mid).toBe(0);
    await expect(h.engine.call('setLogLevel', { level: 'loud' as never })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('pings with a round-trip time', async () => {
    const { latencyMs } = await h.engine.call('ping', undefined);
    expect(latencyMs).toBeGreaterThanOrEqual(0);
  });
});
