/** Tool calls against a scripted server: late answers, pagination to the end, timeouts reset by progress. */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from './support/engine-harness.ts';
import { initializeResult, startRawServer, type RawHandler, type RawRequest } from './servers/raw-server.ts';

const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type Rpc = { id?: number; method?: string; params?: Record<string, unknown> };
const rpc = (request: RawRequest) => (request.json ?? {}) as Rpc;

/** A server that initializes and hands every other request with an id to `onRequest`. */
async function serve(onRequest: (message: Rpc, res: ServerResponse) => void) {
  const handler: RawHandler = (req, res) => {
    const message = rpc(req);
    if (req.method !== 'POST') return void res.writeHead(405).end();
    if (message.method === 'initialize')
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(initializeResult(message.id)));
    if (message.id === undefined) return void res.writeHead(202).end();
    onRequest(message, res);
  };
  const server = await startRawServer(handler);
  servers.push(server);
  return server;
}

const reply = (res: ServerResponse, id: number | undefined, result: unknown) =>
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));

const sse = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  return (message: unknown) => res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
};

describe('tool calls', () => {
  it('marks an answer that arrives after Cancel as late in the log', async () => {
    // The server holds the answer until the client has cancelled, then sends it anyway.
    let answer: (() => void) | undefined;
    const server = await serve((message, res) => {
      if (message.method === 'tools/call') answer = () => reply(res, message.id, { content: [{ type: 'text', text: 'too late' }] });
      else reply(res, message.id, {});
    });
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    const controller = new AbortController();
    const call = h.engine.call('callTool', { name: 'slow', arguments: {} }, controller.signal);
    await expect.poll(() => answer).toBeDefined();
    controller.abort();
    await expect(call).rejects.toMatchObject({ code: 'cancelled' });
    await expect.poll(() => server.requests.some((r) => rpc(r).method === 'notifications/cancelled')).toBe(true);
    answer!();
    await expect.poll(() => h.messages().find((m) => m.kind === 'response' && m.late)).toBeDefined();
    const late = h.messages().find((m) => m.late)!;
    const cancel = h.messages().find((m) => m.method === 'notifications/cancelled')!;
    expect((cancel.message as { params: { requestId: unknown } }).params.requestId).toBe(late.rpcId);
  });

  it('follows nextCursor to the end and says how many pages came', async () => {
    const server = await serve((message, res) => {
      const page = Number((message.params?.cursor as string | undefined)?.slice(1) ?? 0);
      reply(res, message.id, {
        tools: [{ name: `tool-${page}`, inputSchema: { type: 'object' } }],
        ...(page < 2 && { nextCursor: `p${page + 1}` }),
      });
    });
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    const list = await h.engine.call('listTools', undefined);
    expect(list).toMatchObject({ pages: 3 });
    expect(list.tools.map((t) => t.name)).toEqual(['tool-0', 'tool-1', 'tool-2']);
  });

  it('resets the timeout on progress, up to the hard maximum', async () => {
    // Progress every 400 ms for 2 s: longer than the 1 s timeout, which each notification resets.
    const server = await serve((message, res) => {
      const send = sse(res);
      const token = (message.params?._meta as { progressToken?: unknown } | undefined)?.progressToken;
      let step = 0;
      const timer = setInterval(() => {
        step += 1;
        send({
          jsonrpc: '2.0',
          method: 'notifications/progress',
          params: { progressToken: token, progress: step, total: 5, message: `step ${step}` },
        });
        if (step === 5) {
          clearInterval(timer);
          send({ jsonrpc: '2.0', id: message.id, result: { content: [{ type: 'text', text: 'done' }] } });
          res.end();
        }
      }, 400);
      res.on('close', () => clearInterval(timer));
    });
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers: [], transport: 'streamable-http' });
    const outcome = await h.engine.call('callTool', {
      name: 'steps',
      arguments: {},
      trackingId: 'x',
      timeoutMs: 1000,
      maxTotalTimeoutMs: 10_000,
    });
    expect(JSON.stringify(outcome.content)).toContain('done');
    const progress = h.events.flatMap((e) => (e.type === 'call-progress' ? [e.progress] : []));
    expect(progress.at(-1)).toEqual({ progress: 5, total: 5, message: 'step 5' });

    const capped = h.engine.call('callTool', { name: 'steps', arguments: {}, timeoutMs: 1000, maxTotalTimeoutMs: 1200 });
    await expect(capped).rejects.toMatchObject({ code: 'timeout' });
  });
});
