/**
 * A saved session's tabs, rebuilt from its log: a live session against a scripted server (paginated lists,
 * a malformed entry, a read, two prompt gets) is recorded, saved, parsed back and replayed; the replay must
 * show what live showed. Also: a version 1 file (no list snapshot) and a log that evicted the list responses.
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { readRecording } from '../engine/features/replay.ts';
import { recordedCalls } from '../app/session-file/replay-recording.ts';
import { parseSessionFile, sessionFileParts, type SavedLogItem, type SessionData } from '../shared/session-file/session-file.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { initializeResult, startRawServer, type RawRequest } from './servers/raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type Rpc = { id?: number; method?: string; params?: Record<string, unknown> };
const reply = (res: ServerResponse, id: number | undefined, result: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));

const pageOf = (params: Record<string, unknown> | undefined) => Number((params?.cursor as string | undefined)?.slice(1) ?? 0);

function answer(message: Rpc, res: ServerResponse): void {
  const page = pageOf(message.params);
  switch (message.method) {
    case 'tools/list':
      return void reply(res, message.id, {
        tools: [
          {
            name: `tool-${page}`,
            title: `Tool ${page}`,
            description: 'Does a thing',
            inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
            outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
            annotations: { readOnlyHint: true },
          },
        ],
        ...(page < 2 && { nextCursor: `p${page + 1}` }),
      });
    case 'resources/list':
      return void reply(res, message.id, { resources: [{ uri: 'demo://a', name: 'a', mimeType: 'text/plain' }, { name: 'no uri' }] });
    case 'resources/templates/list':
      return void reply(res, message.id, { resourceTemplates: [{ uriTemplate: 'demo://files/{name}', name: 'files' }] });
    case 'prompts/list':
      return void reply(res, message.id, {
        prompts: [{ name: `prompt-${page}`, arguments: [{ name: 'topic', required: true }] }],
        ...(page < 1 && { nextCursor: 'p1' }),
      });
    case 'resources/read':
      return void reply(res, message.id, {
        contents: [{ uri: message.params?.uri, mimeType: 'text/plain', text: `contents of ${String(message.params?.uri)}` }],
      });
    case 'prompts/get':
      if (message.params?.name === 'missing') {
        return void res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: message.id, error: { code: -32602, message: 'Unknown prompt: missing' } }));
      }
      return void reply(res, message.id, {
        messages: [
          { role: 'user', content: { type: 'text', text: `about ${String((message.params?.arguments as { topic?: string })?.topic)}` } },
        ],
      });
    default:
      return void reply(res, message.id, {});
  }
}

async function recordSession(): Promise<{ h: Harness; live: Record<string, unknown> }> {
  const server = await startRawServer((req: RawRequest, res) => {
    const message = (req.json ?? {}) as Rpc;
    if (req.method !== 'POST') return void res.writeHead(405).end();
    if (message.method === 'initialize') {
      const init = initializeResult(message.id);
      init.result.capabilities = { tools: {}, resources: {}, prompts: {} } as never;
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(init));
    }
    if (message.id === undefined) return void res.writeHead(202).end();
    answer(message, res);
  });
  servers.push(server);
  const h = createHarness();
  await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
  const live = {
    tools: await h.engine.call('listTools', undefined),
    resources: await h.engine.call('listResources', undefined),
    templates: await h.engine.call('listResourceTemplates', undefined),
    prompts: await h.engine.call('listPrompts', undefined),
    read: await h.engine.call('readResource', { uri: 'demo://files/notes.txt' }),
    firstGet: await h.engine.call('getPrompt', { name: 'prompt-0', arguments: { topic: 'cats' } }),
    secondGet: await h.engine.call('getPrompt', { name: 'prompt-0', arguments: { topic: 'dogs' } }),
    failedGet: await h.engine.call('getPrompt', { name: 'missing', arguments: {} }).catch((error: unknown) => error),
  };
  await h.engine.call('disconnect', undefined);
  return { h, live };
}

const logItems = (h: Harness): SavedLogItem[] => h.messages().map((entry) => ({ id: `m${entry.seq}`, type: 'message', entry }));

function sessionData(items: SavedLogItem[], lists: SessionData['lists'] = {}): SessionData {
  return {
    connection: { url: 'http://127.0.0.1/mcp', transport: 'auto', headerNames: [] },
    server: null,
    log: { evicted: 0, items },
    http: { evicted: 0, exchanges: [] },
    results: [],
    lists,
  };
}

const roundTrip = (data: SessionData, version?: number) => {
  const text = [...sessionFileParts(data, { savedAt: new Date(), appVersion: 'test' })].join('');
  const value = JSON.parse(text) as Record<string, unknown>;
  if (version === 1) {
    // What MCP Lens wrote before lists and HTTP bodies existed.
    value.version = 1;
    delete value.lists;
  }
  const parsed = parseSessionFile(JSON.stringify(value));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.file;
};

const withoutDuration = <T extends { durationMs: number }>(value: T) => ({ ...value, durationMs: 0 });

describe('replaying a saved session', () => {
  it('rebuilds every list from the recorded log, all pages, exactly as live showed them', async () => {
    const { h, live } = await recordSession();
    const file = roundTrip(sessionData(logItems(h)));
    const catalog = readRecording(recordedCalls(file.log.items), file.lists ?? {});

    expect(catalog.tools).toEqual(live.tools);
    expect(catalog.tools?.pages).toBe(3);
    expect(catalog.tools?.tools.map((tool) => tool.name)).toEqual(['tool-0', 'tool-1', 'tool-2']);
    expect(catalog.tools?.tools[0]).toMatchObject({
      title: 'Tool 0',
      annotations: { readOnlyHint: true },
      outputSchema: { type: 'object' },
    });
    expect(catalog.resources).toEqual(live.resources);
    expect(catalog.resources?.skipped).toBe(1);
    expect(catalog.templates).toEqual(live.templates);
    expect(catalog.templates?.templates[0]?.variables).toEqual(['name']);
    expect(catalog.prompts).toEqual(live.prompts);
    expect(catalog.prompts?.pages).toBe(2);

    expect(catalog.reads).toHaveLength(1);
    expect(withoutDuration(catalog.reads[0]!.result!)).toEqual(withoutDuration(live.read as { durationMs: number }));
    expect(catalog.promptGets.map((get) => get.arguments)).toEqual([{ topic: 'cats' }, { topic: 'dogs' }, {}]);
    // A get the server refused is recorded with its error, not dropped.
    expect(live.failedGet).toMatchObject({ message: expect.stringContaining('Unknown prompt') });
    expect(catalog.promptGets[2]).toMatchObject({ name: 'missing', error: { code: -32602, message: 'Unknown prompt: missing' } });
    expect(catalog.promptGets[2]!.result).toBeUndefined();
    expect(withoutDuration(catalog.promptGets[1]!.result!)).toEqual(withoutDuration(live.secondGet as { durationMs: number }));
  });

  it('opens a version 1 file (no list snapshot) and rebuilds its lists from the log alone', async () => {
    const { h, live } = await recordSession();
    const file = roundTrip(sessionData(logItems(h), { 'tools/list': { pages: 9, items: [] } }), 1);
    expect(file.version).toBe(1);
    expect(file.lists).toBeUndefined();
    const catalog = readRecording(recordedCalls(file.log.items), file.lists ?? {});
    expect(catalog.tools).toEqual(live.tools);
    expect(catalog.prompts).toEqual(live.prompts);
  });

  it('uses the stored snapshot when the log evicted the list responses, reading it as defensively as a server', async () => {
    const { h, live } = await recordSession();
    const calls = recordedCalls(logItems(h));
    // A long session: everything before the reads was evicted from the log.
    const firstRead = h.messages().findIndex((entry) => entry.method === 'resources/read');
    const evicted = logItems(h).slice(firstRead);
    const tools = live.tools as { tools: unknown[]; pages: number };
    const file = roundTrip(sessionData(evicted, { 'tools/list': { pages: tools.pages, items: [...tools.tools, { title: 'no name' }] } }));
    const catalog = readRecording(recordedCalls(file.log.items), file.lists ?? {});
    expect(calls.length).toBeGreaterThan(recordedCalls(file.log.items).length);
    expect(catalog.tools?.tools).toEqual(tools.tools);
    expect(catalog.tools?.pages).toBe(3);
    expect(catalog.resources).toBeNull();
    expect(catalog.prompts).toBeNull();
    expect(catalog.reads).toHaveLength(1);
  });

  it('takes the last complete listing when the list was fetched again', async () => {
    const { h } = await recordSession();
    const calls = recordedCalls(logItems(h));
    const tools = calls.filter((call) => call.method === 'tools/list');
    const relisted = [...calls, { ...tools[0]!, result: { tools: [{ name: 'only-one', inputSchema: { type: 'object' } }] } }];
    const catalog = readRecording(relisted, {});
    expect(catalog.tools).toMatchObject({ pages: 1, tools: [{ name: 'only-one' }] });
  });
});
