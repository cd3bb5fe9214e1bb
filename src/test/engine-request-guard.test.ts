/**
 * The request guard is a decorator on the SDK's Transport (src/engine/guards/request-guard.ts): the client
 * connects the guard, and the real transport it holds keeps its own methods and plain callback fields.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Client, StreamableHTTPClientTransport, type Transport } from '@modelcontextprotocol/client';
import { guardTransport } from '../engine/guards/request-guard.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';
import { createModernFixture } from './servers/modern-fixture.ts';
import { idOf, send, startMcp } from './support/raw-mcp.ts';

const modern = serveOnLoopback(createModernFixture());
const servers: Array<{ close(): Promise<void> }> = [];
const clients: Client[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const proto = StreamableHTTPClientTransport.prototype;

/** What of the transport's own shape the guard could have changed: methods, and how the callbacks are held. */
function shapeOf(transport: Transport) {
  const callbacks = (['onmessage', 'onclose', 'onerror'] as const).map((name) => {
    const own = Object.getOwnPropertyDescriptor(transport, name);
    return { name, accessor: own !== undefined && ('get' in own || 'set' in own) };
  });
  return {
    methods: { start: transport.start, send: transport.send, close: transport.close, setProtocolVersion: transport.setProtocolVersion },
    ownMethods: (['start', 'send', 'close', 'setProtocolVersion'] as const).filter((name) => Object.hasOwn(transport, name)),
    callbacks,
  };
}

async function connectGuarded(url: string, mode: 'legacy' | 'auto') {
  const inner = new StreamableHTTPClientTransport(new URL(url));
  const before = shapeOf(inner);
  const guard = guardTransport(inner);
  const client = new Client({ name: 'guard-test', version: '0' }, { versionNegotiation: { mode } });
  clients.push(client);
  await client.connect(guard.transport);
  return { inner, before, guard, client };
}

describe('the request guard wraps the transport and never patches it', () => {
  it('leaves the real transport as it was across a 2025 handshake and calls', async () => {
    const server = await startMcp((req, res) => send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: idOf(req), result: { tools: [] } })), {
      sessionId: 'guarded-session',
    });
    servers.push(server);
    const { inner, before, guard, client } = await connectGuarded(server.url, 'legacy');
    await expect(client.listTools()).resolves.toMatchObject({ tools: [] });

    expect(guard.transport).not.toBe(inner);
    expect(shapeOf(inner)).toEqual(before);
    expect(inner.send).toBe(proto.send);
    expect(inner.start).toBe(proto.start);
    // The protocol version the handshake settled on reached the real transport through the guard.
    expect(inner.protocolVersion).toBe('2025-11-25');
    expect(guard.transport.sessionId).toBe('guarded-session');
  });

  it('leaves it as it was across the 2026 server/discover probe, which re-arms start() on what it connects', async () => {
    const { inner, before, guard, client } = await connectGuarded(`${modern()}/mcp`, 'auto');
    expect(client.getProtocolEra()).toBe('modern');
    await expect(client.callTool({ name: 'greet', arguments: { name: 'Ada' } })).resolves.toMatchObject({ content: expect.any(Array) });

    expect(shapeOf(inner)).toEqual(before);
    expect(inner.send).toBe(proto.send);
    expect(guard.transport.hasPerRequestStream).toBe(inner.hasPerRequestStream === true);
  });
});
