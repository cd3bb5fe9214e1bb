import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { ALLOWED_REQUEST_HEADERS } from './cors.ts';
import { startDemoServer, type RunningDemoServer } from './server.ts';
import { postModern } from './wire-test-helpers.ts';

// The 2026-07-28 wire as the demo server speaks it, with plain fetch: what a client must send and what the
// server answers, so the UI can be built against these shapes.

let server: RunningDemoServer;
beforeAll(async () => {
  server = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await server.close();
});

const SERVER_INFO = 'io.modelcontextprotocol/serverInfo';

describe('2026-07-28 on the wire', () => {
  it('answers server/discover with versions, capabilities, instructions and serverInfo in _meta', async () => {
    const { response, reply } = await postModern(server.url, 'server/discover');
    expect(response.status).toBe(200);
    expect(reply?.result).toMatchObject({
      resultType: 'complete',
      supportedVersions: expect.arrayContaining(['2026-07-28']),
      capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: {} },
      instructions: expect.stringContaining('This is the MCP Lens demo server'),
      ttlMs: 60_000,
      cacheScope: 'public',
      _meta: { [SERVER_INFO]: { name: 'mcp-lens-demo', version: '1.0.0' } },
    });
  });

  it('marks lists cacheable for a minute, publicly, and reads with their own hints', async () => {
    for (const method of ['tools/list', 'resources/list', 'prompts/list', 'resources/templates/list']) {
      const { reply } = await postModern(server.url, method);
      expect(reply?.result, method).toMatchObject({ resultType: 'complete', ttlMs: 60_000, cacheScope: 'public' });
    }
    const read = async (uri: string) => (await postModern(server.url, 'resources/read', { uri })).reply?.result;
    expect(await read('demo://cache/clock')).toMatchObject({ ttlMs: 5_000, cacheScope: 'private' });
    expect(await read('demo://docs/readme')).toMatchObject({ ttlMs: 60_000, cacheScope: 'public' });
    expect(await read('demo://notes')).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
  });

  it('lets browsers send every Mcp-Param-* header a tool declares', async () => {
    const { reply } = await postModern(server.url, 'tools/list');
    const tools = reply!.result!.tools as { inputSchema: { properties?: Record<string, { 'x-mcp-header'?: string }> } }[];
    const declared = tools.flatMap((tool) =>
      Object.values(tool.inputSchema.properties ?? {}).flatMap((p) => (p['x-mcp-header'] ? [`Mcp-Param-${p['x-mcp-header']}`] : [])),
    );
    expect(declared).toEqual(['Mcp-Param-Region', 'Mcp-Param-Priority', 'Mcp-Param-Express']);
    expect(ALLOWED_REQUEST_HEADERS).toEqual(expect.arrayContaining(declared));
  });

  it('refuses a Mcp-Param-* header that does not match its argument with -32020', async () => {
    const { response, reply } = await postModern(
      server.url,
      'tools/call',
      { name: 'lookup-order', arguments: { region: 'eu-west' } },
      { 'Mcp-Param-Region': 'us-east' },
    );
    expect(response.status).toBe(400);
    expect(reply?.error?.code).toBe(-32020);
  });

  it('runs ask-twice round by round: the name comes back in requestState, which must not be tampered with', async () => {
    const call = (extra: Record<string, unknown> = {}) =>
      postModern(server.url, 'tools/call', { name: 'ask-twice', arguments: {}, ...extra });

    const first = (await call()).reply!.result!;
    expect(first).toMatchObject({
      resultType: 'input_required',
      inputRequests: { name: { method: 'elicitation/create', params: { mode: 'form' } } },
    });
    expect(first).not.toHaveProperty('requestState');

    const second = (await call({ inputResponses: { name: { action: 'accept', content: { name: 'Lens' } } } })).reply!.result!;
    expect(second).toMatchObject({
      resultType: 'input_required',
      inputRequests: { confirm: { method: 'elicitation/create', params: { message: 'Create a project called "Lens"?' } } },
      requestState: expect.any(String),
    });
    const requestState = second.requestState as string;

    const done = (await call({ inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState })).reply!
      .result!;
    expect(done).toMatchObject({ resultType: 'complete', isError: false });
    expect(JSON.stringify(done.content)).toContain('Created project \\"Lens\\"');

    // Flip the second-to-last character itself: choosing by the last one left the state intact 1 run in 64.
    const at = requestState.length - 2;
    const tampered = `${requestState.slice(0, at)}${requestState[at] === 'A' ? 'B' : 'A'}${requestState.slice(at + 1)}`;
    const refused = (await call({ inputResponses: { confirm: { action: 'accept', content: { confirm: true } } }, requestState: tampered }))
      .reply!;
    expect(refused.error).toMatchObject({ code: -32602, message: 'Invalid or expired requestState' });
  });

  it('refuses to ask for input the request did not declare it can give (-32021)', async () => {
    // postModern declares elicitation and roots, not sampling.
    const { reply } = await postModern(server.url, 'tools/call', { name: 'sample-with-tools', arguments: {} });
    expect(reply?.error?.code).toBe(-32021);
  });
});
