/**
 * The contract of src/engine/sdk-client.ts with the SDK internals it reaches into. When this fails after
 * an SDK upgrade, read the SDK's Client for the new shape of the seam before changing the test.
 */
import { readFileSync } from 'node:fs';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { startRawServer } from '../test/raw-server.ts';
import { LensClient, MISSING_RESULT_TYPE } from './sdk-client.ts';

const sdkVersion = (JSON.parse(readFileSync(new URL('../../node_modules/@modelcontextprotocol/client/package.json', import.meta.url), 'utf8')) as { version: string }).version;

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

describe(`LensClient on @modelcontextprotocol/client ${sdkVersion}`, () => {
  it('finds both seams where it expects them', () => {
    expect(sdkVersion).toBe('2.4.0');
    expect(typeof (Client.prototype as unknown as Record<string, unknown>)._outboundMetaEnvelope).toBe('function');
    const client = new Client({ name: 't', version: '1' });
    expect(typeof (client as unknown as Record<string, unknown>)._resolveOutboundCodec).toBe('function');
  });

  it('sends the log level in the _meta of each 2026-07-28 request, and none when it is unset', async () => {
    const bodies: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      if (typeof init?.body === 'string') bodies.push(init.body);
      return fetch(input, init);
    };
    const client = new LensClient({ name: 't', version: '1' }, { versionNegotiation: { mode: { pin: '2026-07-28' } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(demo.url), { fetch: fetchSpy }));
    await client.listTools();
    client.logLevel = 'debug';
    await client.listPrompts();
    const metaOf = (method: string) => (bodies.map((b) => JSON.parse(b) as { method?: string; params?: { _meta?: Record<string, unknown> } }).find((m) => m.method === method)?.params?._meta ?? {});
    expect(metaOf('tools/list')['io.modelcontextprotocol/logLevel']).toBeUndefined();
    expect(metaOf('prompts/list')).toMatchObject({ 'io.modelcontextprotocol/logLevel': 'debug', 'io.modelcontextprotocol/protocolVersion': '2026-07-28' });
    await client.close();
  });

  it('keeps a 2026-07-28 result that lacks resultType, marked, where the SDK alone rejects it', async () => {
    const server = await startRawServer((request, response) => {
      const { id, method } = (request.json ?? {}) as { id?: unknown; method?: string };
      const result =
        method === 'server/discover'
          ? { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' }
          : { content: [{ type: 'text', text: 'no resultType here' }] };
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
    const options = { versionNegotiation: { mode: { pin: '2026-07-28' } } } as const;
    const call = { method: 'tools/call', params: { name: 'x', arguments: {} } };
    const anyResult = { '~standard': { version: 1 as const, vendor: 't', validate: (value: unknown) => ({ value }) } };

    const plain = new Client({ name: 't', version: '1' }, options);
    await plain.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await expect(plain.request(call, anyResult)).rejects.toThrow(/missing required resultType/);
    await plain.close();

    const lens = new LensClient({ name: 't', version: '1' }, options);
    await lens.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const result = (await lens.request(call, anyResult)) as Record<string | symbol, unknown>;
    expect(result.content).toEqual([{ type: 'text', text: 'no resultType here' }]);
    expect(result[MISSING_RESULT_TYPE]).toBe(true);
    await lens.close();
    await server.close();
  });
});
