/** The engine's bounds and protocol-fault handling against servers scripted to misbehave (docs/security.md#bounds). */
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectParams } from '../shared/model.ts';
import type { Clock } from '../engine/clock.ts';
import { createManualClock, fireTimersUntil, settled } from './support/clocks.ts';
import { createHarness } from './support/engine-harness.ts';
import { event, idOf, send, sse, startMcp } from './support/raw-mcp.ts';
import type { RawRequest } from './servers/raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function connected(
  onRequest: Parameters<typeof startMcp>[0],
  extra: Partial<ConnectParams> = {},
  options: Parameters<typeof startMcp>[1] = {},
  clock?: Clock,
) {
  const server = await startMcp(onRequest, options);
  servers.push(server);
  const h = createHarness(clock && { clock });
  await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http', era: 'legacy', ...extra });
  return { h, server };
}

const toolCall = { name: 'x', arguments: {} };
const expectPingWorks = async (h: ReturnType<typeof createHarness>) =>
  expect(h.engine.call('ping', undefined)).resolves.toMatchObject({ latencyMs: expect.any(Number) });

describe('protocol faults fail at once, are logged raw, and the session stays usable', () => {
  it('fails a request whose SSE stream ends without a response, without waiting for the timeout', async () => {
    const { h } = await connected((req, res) => {
      sse(res);
      res.end(event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'working' } }));
    });
    // The request guard's own message: the call did not wait for a timeout.
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/ended the response stream for tools\/call without sending the response/),
    });
    expect(h.messages().some((m) => m.method === 'notifications/message')).toBe(true);
    await expectPingWorks(h);
  });

  it('fails a request answered with neither result nor error (over SSE, where the SDK would hang)', async () => {
    const { h } = await connected((req, res) => {
      sse(res);
      res.write(event({ jsonrpc: '2.0', id: idOf(req), oops: true }));
    });
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/neither "result" nor "error"/),
    });
    expect(h.messages().find((m) => m.kind === 'invalid' && m.direction === 'in')).toMatchObject({
      message: expect.objectContaining({ oops: true }),
    });
    await expectPingWorks(h);
  });

  it('fails a request answered with neither result nor error in a JSON body', async () => {
    const { h } = await connected((req, res) => send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: idOf(req) })));
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({ code: 'bad-response' });
    await expectPingWorks(h);
  });

  it('marks an answer to an unknown id and a second answer to the same id as unmatched; the first answer wins', async () => {
    const { h } = await connected((req, res) => {
      sse(res);
      const answer = { jsonrpc: '2.0', id: idOf(req), result: { content: [{ type: 'text', text: 'first' }] } };
      res.write(event({ jsonrpc: '2.0', id: 9999, result: {} }));
      res.write(event(answer));
      res.end(event({ ...answer, result: { content: [{ type: 'text', text: 'second' }] } }));
    });
    await expect(h.engine.call('callTool', toolCall)).resolves.toMatchObject({ content: [{ text: 'first' }] });
    await expect
      .poll(() =>
        h
          .messages()
          .filter((m) => m.unmatched)
          .map((m) => m.rpcId),
      )
      .toEqual([9999, expect.anything()]);
    await expectPingWorks(h);
  });

  it('flags a notification that carries an id, and the client answers it with method-not-found', async () => {
    const { h, server } = await connected((req, res) => {
      sse(res);
      res.write(event({ jsonrpc: '2.0', id: 'n1', method: 'notifications/message', params: { level: 'info', data: 'x' } }));
      setTimeout(() => res.end(event({ jsonrpc: '2.0', id: idOf(req), result: { content: [] } })), 50);
    });
    await h.engine.call('callTool', toolCall);
    expect(h.messages().find((m) => m.rpcId === 'n1' && m.direction === 'in')?.violation).toMatch(/must not have an id/);
    await expect
      .poll(() =>
        server.requests.some(
          (r: RawRequest) =>
            (r.json as { id?: unknown; error?: { code?: number } })?.id === 'n1' &&
            (r.json as { error?: { code?: number } }).error?.code === -32601,
        ),
      )
      .toBe(true);
    await expectPingWorks(h);
  });

  it('warns about invalid UTF-8 with the byte offset and keeps the text with U+FFFD', async () => {
    const { h } = await connected((req, res) => {
      const head = Buffer.from(
        JSON.stringify({ jsonrpc: '2.0', id: idOf(req), result: { content: [{ type: 'text', text: 'AB' }] } }).replace('AB', 'A\u0000B'),
      );
      const at = head.indexOf(0);
      head[at] = 0xff;
      send(res, 200, head);
    });
    const outcome = await h.engine.call('callTool', toolCall);
    expect(outcome.content[0]).toMatchObject({ text: 'A\uFFFDB' });
    expect(h.notes().some((n) => /not valid UTF-8 \(first bad byte at offset \d+\)/.test(n))).toBe(true);
    await expectPingWorks(h);
  });

  it('explains an HTML page sent with 200, keeps it in the log, and the next ping works', async () => {
    const { h } = await connected((req, res) => send(res, 200, '<html><body>Please log in</body></html>', { 'content-type': 'text/html' }));
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringContaining('text/html'),
    });
    expect(h.messages().some((m) => m.raw?.includes('Please log in'))).toBe(true);
    await expectPingWorks(h);
  });

  it('explains a 502 with an HTML body excerpt and does not retry the POST', async () => {
    let calls = 0;
    const { h } = await connected((req, res) => {
      calls++;
      send(res, 502, '<h1>Bad gateway: upstream down</h1>', { 'content-type': 'text/html' });
    });
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'http',
      httpStatus: 502,
      detail: expect.stringContaining('upstream down'),
    });
    expect(calls).toBe(1);
    await expectPingWorks(h);
  });
});

describe('bounds', () => {
  it('aborts a JSON body at the byte cap while it streams, keeping its head in the log', async () => {
    let written = 0;
    const { h } = await connected(
      (req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(idOf(req))},"result":{"content":[{"type":"text","text":"`);
        const chunk = 'x'.repeat(64 * 1024);
        const pump = () => {
          while (written < 4 * 1024 * 1024 && res.write(chunk)) written += chunk.length;
          if (written < 4 * 1024 * 1024 && !res.destroyed) res.once('drain', pump);
        };
        pump();
      },
      { limits: { maxMessageBytes: 256 * 1024 } },
    );
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/larger than 256 KB/),
    });
    expect(written).toBeLessThan(4 * 1024 * 1024);
    expect(h.messages().find((m) => m.kind === 'invalid' && m.raw?.startsWith('{"jsonrpc"'))?.parseError).toMatch(/cut off/);
    await expectPingWorks(h);
  });

  it('aborts an SSE event at the byte cap and fails its request at once', async () => {
    const { h } = await connected(
      (req, res) => {
        sse(res);
        res.write(`data: {"jsonrpc":"2.0","id":${JSON.stringify(idOf(req))},"result":{"x":"`);
        res.write('y'.repeat(300 * 1024));
      },
      { limits: { maxMessageBytes: 256 * 1024 } },
    );
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({ message: expect.stringMatching(/event larger than 256 KB/) });
    expect(h.messages().some((m) => m.parseError?.startsWith('Cut off'))).toBe(true);
    await expectPingWorks(h);
  });

  it('refuses JSON nested deeper than the limit before parsing, and crosses nothing deep', async () => {
    const { h } = await connected((req, res) => {
      const deep = '['.repeat(50_000) + ']'.repeat(50_000);
      send(res, 200, `{"jsonrpc":"2.0","id":${JSON.stringify(idOf(req))},"result":{"content":[],"x":${deep}}}`);
    });
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      code: 'bad-response',
      message: expect.stringMatching(/deeper than 512 levels/),
    });
    expect(() => structuredClone(h.events)).not.toThrow();
    await expectPingWorks(h);
  });

  it('aborts a response stream that goes silent after the idle timeout', async () => {
    const clock = createManualClock();
    const { h } = await connected(
      (req, res) => {
        sse(res);
        res.write(': still here\n\n');
      },
      { limits: { idleTimeoutMs: 300 } },
      {},
      clock,
    );
    const call = h.engine.call('callTool', toolCall);
    // Only timers under a second: the call's own 60 s deadline is pending too, and must not be fired.
    expect(await fireTimersUntil(clock, settled(call), 'the idle timeout', 1_000)).toEqual([300]);
    await expect(call).rejects.toMatchObject({ code: 'timeout', message: expect.stringMatching(/went silent/) });
    await expectPingWorks(h);
  });

  it('survives a flood of notifications and answers the next ping', async () => {
    const { h } = await connected((req, res) => {
      sse(res);
      let body = '';
      for (let seq = 0; seq < 5000; seq++)
        body += event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { seq } } });
      res.write(body);
      res.end(event({ jsonrpc: '2.0', id: idOf(req), result: { content: [] } }));
    });
    await h.engine.call('callTool', toolCall);
    const seqs = h
      .messages()
      .flatMap((m) => (m.method === 'notifications/message' ? [(m.message as { params: { data: { seq: number } } }).params.data.seq] : []));
    expect(seqs.length).toBe(5000);
    expect(seqs[4999]).toBe(4999);
    await expectPingWorks(h);
  });
});

describe('sessions', () => {
  it('re-initializes once on a 404 for the session and does not replay the tool call', async () => {
    let toolCalls = 0;
    const { h, server } = await connected(
      (req, res) => {
        toolCalls++;
        send(res, 404, 'session not found', { 'content-type': 'text/plain' });
      },
      {},
      { sessionId: 'abc-123' },
    );
    await expect(h.engine.call('callTool', toolCall)).rejects.toMatchObject({
      httpStatus: 404,
      message: expect.stringMatching(/started a new one.*not repeated/),
    });
    expect(toolCalls).toBe(1);
    expect(server.requests.filter((r) => (r.json as { method?: string } | undefined)?.method === 'initialize')).toHaveLength(2);
    await expectPingWorks(h);
  });

  it('refuses a session id with control characters or of absurd length', async () => {
    for (const sessionId of ['bad id', 'x'.repeat(10_000)]) {
      const server = await startMcp(() => undefined, { sessionId });
      servers.push(server);
      const h = createHarness();
      await expect(
        h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http', era: 'legacy' }),
      ).rejects.toMatchObject({
        code: 'bad-response',
        message: expect.stringMatching(/Mcp-Session-Id is not valid/),
      });
    }
  });
});

describe('more session and stream rules', () => {
  it('ignores a session id that changes mid-session, and says so', async () => {
    const { h } = await connected(
      (req, res) =>
        send(res, 200, JSON.stringify({ jsonrpc: '2.0', id: idOf(req), result: { content: [] } }), {
          'content-type': 'application/json',
          'mcp-session-id': 'other-id',
        }),
      {},
      { sessionId: 'first-id' },
    );
    await h.engine.call('callTool', toolCall);
    expect(h.notes().some((n) => /different Mcp-Session-Id mid-session \(other-id\)/.test(n))).toBe(true);
    await h.engine.call('ping', undefined);
  });

  it('tells the server to stop when a bound ends a request (notifications/cancelled)', async () => {
    const clock = createManualClock();
    const { h, server } = await connected(
      (req, res) => {
        sse(res);
        res.write(': working\n\n');
      },
      { limits: { idleTimeoutMs: 200 } },
      {},
      clock,
    );
    const call = h.engine.call('callTool', toolCall);
    await fireTimersUntil(clock, settled(call), 'the idle timeout');
    await expect(call).rejects.toMatchObject({ code: 'timeout' });
    await expect
      .poll(() => server.requests.find((r) => (r.json as { method?: string } | undefined)?.method === 'notifications/cancelled')?.json)
      .toMatchObject({ params: { requestId: expect.anything(), reason: expect.stringMatching(/went silent/) } });
  });
});
