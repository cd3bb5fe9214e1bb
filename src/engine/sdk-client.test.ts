/**
 * The contract between LensClient and the SDK internals it reaches into (src/engine/sdk-client.ts), pinned
 * to the installed SDK version: when an upgrade moves a seam, this file fails first and says which.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';

import { startRawServer, type RawRequest } from '../test/raw-server.ts';
import { LensClient, MISSING_RESULT_TYPE } from './sdk-client.ts';

const SDK_VERSION = (JSON.parse(readFileSync(new URL('../../node_modules/@modelcontextprotocol/client/package.json', import.meta.url), 'utf8')) as { version: string }).version;

type Rpc = { id?: number; method?: string; params?: { name?: string; _meta?: Record<string, unknown> } };

/** A 2026-07-28 server whose tools/call answers depend on the tool: no resultType, or a plain result. */
function modernServer(request: RawRequest, response: ServerResponse) {
  const { id, method, params } = (request.json ?? {}) as Rpc;
  const send = (result: Record<string, unknown>) => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  if (method === 'server/discover') return void send({ resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private' });
  if (method !== 'tools/call') return void response.writeHead(404).end();
  if (params?.name === 'untyped') return void send({ content: [{ type: 'text', text: 'no resultType' }] });
  send({ resultType: 'complete', content: [{ type: 'text', text: 'plain' }] });
}

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

async function connect<C extends Client>(client: C) {
  const server = await startRawServer(modernServer);
  closers.push(() => client.close(), server.close);
  await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
  return server;
}

const lens = () => new LensClient({ name: 'contract', version: '0' }, { versionNegotiation: { mode: 'auto' } });
const call = (name: string) => ({ method: 'tools/call' as const, params: { name, arguments: {} } });

describe(`SDK ${SDK_VERSION}: the internals LensClient relies on`, () => {
  it('still has the seams by name: _resolveOutboundCodec (with decodeResult and validateResult), _outboundMetaEnvelope', () => {
    const proto = Client.prototype as unknown as Record<string, unknown>;
    for (const name of ['_resolveOutboundCodec', '_outboundMetaEnvelope']) expect(typeof proto[name], name).toBe('function');
  });

  it('still drops a mark on the result: its result schemas copy what they validate', async () => {
    const client = lens();
    await connect(client);
    const answer = (await client.request(call('untyped'))) as object;
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'no resultType' }] });
    expect(Object.hasOwn(answer, MISSING_RESULT_TYPE)).toBe(false);
  });
});

describe('LensClient', () => {
  it('accepts a modern result without resultType, marked, and keeps the mark through validation', async () => {
    const client = lens();
    await connect(client);
    const answer = await client.requestMarked(call('untyped'));
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'no resultType' }] });
    expect(Object.hasOwn(answer, MISSING_RESULT_TYPE)).toBe(true);
    const plain = await client.requestMarked(call('plain'));
    expect(plain).toMatchObject({ content: [{ type: 'text', text: 'plain' }] });
    expect(Object.hasOwn(plain, MISSING_RESULT_TYPE)).toBe(false);
  });
});
