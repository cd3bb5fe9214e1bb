/** Resources and prompts from a server that breaks the spec: what is wrong is reported, the rest still shown. */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { startRawServer, type RawRequest } from './servers/raw-server.ts';

const reply = (res: ServerResponse, id: unknown, result: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));

function answer(request: RawRequest): unknown {
  const { method, params } = request.json as { method: string; params?: { cursor?: string } };
  switch (method) {
    case 'initialize':
      return { protocolVersion: '2025-11-25', capabilities: { resources: {}, prompts: {} }, serverInfo: { name: 'bad', version: '0' } };
    case 'resources/list':
      // An entry without uri, and a cursor that comes back forever.
      return {
        resources: [{ uri: 'bad://ok', name: 'ok' }, { name: 'no-uri' }, 'nonsense'],
        nextCursor: params?.cursor === 'a' ? 'b' : 'a',
      };
    case 'resources/templates/list':
      return { resourceTemplates: [{ uriTemplate: 'bad://{a', name: 'broken' }] };
    case 'resources/read':
      return {
        contents: [{ mimeType: 'text/plain', text: 'no uri here' }, { uri: 'bad://blob', blob: '!!not base64!!' }, { uri: 'bad://empty' }],
      };
    case 'prompts/get':
      return {
        messages: [
          { role: 'user', content: { type: 'hologram', depth: 3 } },
          { role: 'narrator', content: { type: 'text', text: 'hi' } },
          { role: 'user' },
        ],
      };
    default:
      return {};
  }
}

let server: Awaited<ReturnType<typeof startRawServer>>;
let h: Harness;
beforeAll(async () => {
  server = await startRawServer((request, res) => {
    const id = (request.json as { id?: unknown } | undefined)?.id;
    if (request.method !== 'POST' || id === undefined) return void res.writeHead(request.method === 'POST' ? 202 : 405).end();
    reply(res, id, answer(request));
  });
  h = createHarness();
  await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
});
afterAll(async () => {
  await server.close();
});

describe('a server that breaks the spec', () => {
  it('keeps well-formed resources, counts the rest, and stops a looping cursor', async () => {
    const list = await h.engine.call('listResources', undefined);
    expect(list.resources.map((r) => r.uri)).toEqual(['bad://ok', 'bad://ok', 'bad://ok']);
    expect(list.pages).toBe(3);
    expect(list.skipped).toBe(6);
    expect(h.notes().some((n) => /returned cursor "a" twice/.test(n))).toBe(true);
  });

  it('reports a template it cannot parse instead of failing the list', async () => {
    const { templates } = await h.engine.call('listResourceTemplates', undefined);
    expect(templates[0]).toMatchObject({ name: 'broken', variables: [] });
    expect(templates[0]?.templateError).toBeTruthy();
  });

  it('lists what is wrong with a read next to what could be shown', async () => {
    const read = await h.engine.call('readResource', { uri: 'bad://anything' });
    expect(read.contents[0]).toMatchObject({ uri: '', text: 'no uri here' });
    expect(read.contents[1]?.blobError).toMatch(/base64/);
    expect(read.problems).toEqual(['contents[0] has no uri.', 'contents[2] has neither "text" nor "blob".']);
  });

  it('keeps prompt messages of unknown content types and roles, and says so', async () => {
    const result = await h.engine.call('getPrompt', { name: 'x', arguments: {} });
    expect(result.messages.map((m) => m.content.type)).toEqual(['hologram', 'text', '(missing)']);
    expect(result.problems).toHaveLength(3);
    expect(result.problems.join('\n')).toMatch(/unknown type "hologram"/);
    expect(result.problems.join('\n')).toMatch(/role "narrator"/);
  });
});
