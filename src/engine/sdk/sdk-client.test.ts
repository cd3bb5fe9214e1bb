/**
 * The contract between LensClient and the SDK internals it reaches into (src/engine/sdk/sdk-client.ts), pinned
 * to the installed SDK version: when an upgrade moves a seam, this file fails first and says which. The
 * "still lacks" cases fail when the SDK starts doing the job itself, so the seam can go.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';

import { Client, SdkError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { afterEach, describe, expect, it } from 'vitest';

import { event, idOf, sse, startMcp } from '../../test/support/raw-mcp.ts';
import { startRawServer, type RawRequest } from '../../test/servers/raw-server.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import {
  CREATED_TASK,
  isCreatedTask,
  isInputRoundProgress,
  isLateProgress,
  isUnmatchedResponse,
  isUnsupportedServerVersion,
  LensClient,
  MISSING_RESULT_TYPE,
  readStreamError,
  WIRE_RESULT,
} from './sdk-client.ts';
import { shapeOutcome } from '../features/tool-outcome.ts';

const TASKS = 'io.modelcontextprotocol/tasks';
const SDK_VERSION = (
  JSON.parse(readFileSync(new URL('../../../node_modules/@modelcontextprotocol/client/package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

type Rpc = { id?: number; method?: string; params?: { name?: string; _meta?: Record<string, unknown> } };

/** A 2026-07-28 server whose tools/call answers depend on the tool: a task, no resultType, or a plain result. */
function modernServer(request: RawRequest, response: ServerResponse) {
  const { id, method, params } = (request.json ?? {}) as Rpc;
  const send = (result: Record<string, unknown>) =>
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
  if (method === 'server/discover') {
    return void send({
      resultType: 'complete',
      supportedVersions: ['2026-07-28'],
      capabilities: { tools: {}, extensions: { [TASKS]: {} } },
      ttlMs: 0,
      cacheScope: 'private',
    });
  }
  if (method !== 'tools/call') return void response.writeHead(404).end();
  if (params?.name === 'task')
    return void send({
      resultType: 'task',
      taskId: 'T1',
      status: 'working',
      createdAt: '2026-07-28T00:00:00Z',
      lastUpdatedAt: '2026-07-28T00:00:00Z',
      ttlMs: null,
    });
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

const lens = () =>
  new LensClient({ name: 'contract', version: '0' }, { capabilities: { elicitation: { form: {} } }, versionNegotiation: { mode: 'auto' } });
const call = (name: string) => ({ method: 'tools/call' as const, params: { name, arguments: {} } });

describe(`SDK ${SDK_VERSION}: the internals LensClient relies on`, () => {
  it('still has the seams by name: _resolveOutboundCodec (with decodeResult and validateResult), _getRequestHandler, buildContext, _outboundMetaEnvelope', () => {
    const proto = Client.prototype as unknown as Record<string, unknown>;
    for (const name of ['_resolveOutboundCodec', '_getRequestHandler', 'buildContext', '_outboundMetaEnvelope'])
      expect(typeof proto[name], name).toBe('function');
  });

  it('still drops a mark on the result: its result schemas copy what they validate', async () => {
    const client = lens();
    await connect(client);
    const answer = (await client.request(call('untyped'))) as object;
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'no resultType' }] });
    expect(Object.hasOwn(answer, MISSING_RESULT_TYPE)).toBe(false);
  });

  it('still lacks the tasks extension: a plain Client rejects resultType "task" as unsupported', async () => {
    const client = new Client({ name: 'plain', version: '0' }, { versionNegotiation: { mode: 'auto' } });
    await connect(client);
    const failure = await client.request(call('task')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SdkError);
    expect(failure).toMatchObject({ code: 'UNSUPPORTED_RESULT_TYPE', data: { resultType: 'task' } });
  });
});

describe(`SDK ${SDK_VERSION}: the failures it raises without a code, recognised by their words`, () => {
  const legacy = () => new Client({ name: 'contract', version: '0' }, { versionNegotiation: { mode: 'legacy' } });

  it('an initialize answer in a protocol version the client does not speak', async () => {
    const server = await startRawServer((req, res) => {
      const { id } = (req.json ?? {}) as Rpc;
      const result = { protocolVersion: '1999-01-01', capabilities: {}, serverInfo: { name: 'old', version: '0' } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
    });
    closers.push(server.close);
    const failure = await legacy()
      .connect(new StreamableHTTPClientTransport(new URL(server.url)))
      .catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(SdkError);
    expect(isUnsupportedServerVersion(failure)).toBe(true);
  });

  it('an answer to a request the client never sent', async () => {
    const server = await startMcp((req, res) => {
      sse(res).write(event({ jsonrpc: '2.0', id: 9999, result: {} }));
      res.end(event({ jsonrpc: '2.0', id: idOf(req), result: { tools: [] } }));
    });
    const client = legacy();
    closers.push(() => client.close(), server.close);
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await client.listTools();
    expect(errors.some(isUnmatchedResponse)).toBe(true);
  });

  it('progress for a request that already ended', async () => {
    const server = await startMcp((req, res) => {
      // The answer first, then progress for its token: the client has forgotten the token by then.
      const token = (req.json as { params?: { _meta?: { progressToken?: unknown } } }).params?._meta?.progressToken;
      sse(res).write(event({ jsonrpc: '2.0', id: idOf(req), result: { tools: [] } }));
      res.end(event({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: token ?? 'gone', progress: 1 } }));
    });
    const client = legacy();
    closers.push(() => client.close(), server.close);
    const errors: Error[] = [];
    client.onerror = (error) => errors.push(error);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    await client.listTools({}, { onprogress: () => undefined });
    await waitFor(() => errors.some(isLateProgress), 'the late progress to be reported');
  });

  it('its own progress for an input_required round, which the server never sent', async () => {
    const server = await startRawServer((request, response) => {
      const { id, method, params } = (request.json ?? {}) as Rpc & { params?: { inputResponses?: unknown } };
      const send = (result: Record<string, unknown>) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      if (method === 'server/discover')
        return void send({
          resultType: 'complete',
          supportedVersions: ['2026-07-28'],
          capabilities: { tools: {} },
          ttlMs: 0,
          cacheScope: 'private',
        });
      if (params?.inputResponses !== undefined) return void send({ resultType: 'complete', content: [{ type: 'text', text: 'thanks' }] });
      const ask = { mode: 'form', message: 'Sure?', requestedSchema: { type: 'object', properties: {} } };
      send({ resultType: 'input_required', inputRequests: { confirm: { method: 'elicitation/create', params: ask } } });
    });
    const client = lens();
    closers.push(() => client.close(), server.close);
    client.setRequestHandler('elicitation/create', async () => ({ action: 'accept', content: {} }));
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const progress: Array<{ progress: number; total?: number | undefined; message?: string | undefined }> = [];
    const answer = await client.request(call('ask'), { onprogress: (p) => progress.push(p) });
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'thanks' }] });
    expect(progress).toHaveLength(1);
    expect(progress.every(isInputRoundProgress)).toBe(true);
    // A server's own progress, even one worded alike but with a total, is not taken for it.
    expect(isInputRoundProgress({ total: 2, message: "Fulfilling input required by 'tools/call' (round 1)" })).toBe(false);
    expect(isInputRoundProgress({ message: 'Halfway there' })).toBe(false);
  });

  it('an event stream that broke, could not be reopened, and was given up', async () => {
    let gets = 0;
    const server = await startMcp(() => undefined, {
      sessionId: 'contract',
      onGet: (_req, res) => {
        if (++gets > 1) return void res.writeHead(503, { 'content-type': 'text/plain' }).end('busy');
        sse(res).write('id: 1\ndata: \n\n', () => res.destroy());
      },
    });
    const client = legacy();
    closers.push(() => client.close(), server.close);
    const said: Array<string | undefined> = [];
    client.onerror = (error) => said.push(readStreamError(error.message));
    const transport = new StreamableHTTPClientTransport(new URL(server.url), {
      reconnectionOptions: { maxRetries: 2, initialReconnectionDelay: 1, maxReconnectionDelay: 1, reconnectionDelayGrowFactor: 1 },
    });
    await client.connect(transport);
    await waitFor(() => said.includes('gave-up'), 'the transport to give up');
    // How many reopen failures the SDK reports on the way varies with timing; each one reads as `stream`.
    expect(said.at(-1)).toBe('gave-up');
    expect(said.slice(0, -1)).toContain('stream');
    expect(said.slice(0, -1).every((kind) => kind === 'stream')).toBe(true);
  });
});

describe('LensClient', () => {
  it('declares extensions only once told to, on every request envelope after that', async () => {
    const client = lens();
    const server = await connect(client);
    const extensionsOf = (i: number) =>
      ((server.requests[i]?.json as Rpc).params?._meta?.['io.modelcontextprotocol/clientCapabilities'] as {
        extensions?: object;
        elicitation?: object;
      }) ?? {};
    expect(extensionsOf(0).extensions).toBeUndefined();
    client.declareExtensions({ [TASKS]: {} });
    await client.request(call('plain'));
    expect(extensionsOf(1)).toMatchObject({ elicitation: { form: {} }, extensions: { [TASKS]: {} } });
    expect(client.declaredExtensions()).toEqual([TASKS]);
  });

  it('accepts resultType "task" as a marked result where the extension is declared, and not where it is not', async () => {
    const client = lens();
    await connect(client);
    await expect(client.requestMarked(call('task'))).rejects.toMatchObject({ code: 'UNSUPPORTED_RESULT_TYPE' });
    client.declareExtensions({ [TASKS]: {} });
    const answer = await client.requestMarked(call('task'));
    expect(isCreatedTask(answer)).toBe(true);
    expect(Object.hasOwn(answer, CREATED_TASK)).toBe(true);
    expect(answer).toMatchObject({ taskId: 'T1', status: 'working', ttlMs: null });
    // An ordinary answer still goes through the SDK's own validation, unmarked.
    const plain = await client.requestMarked(call('plain'));
    expect(isCreatedTask(plain)).toBe(false);
    expect(plain).toMatchObject({ content: [{ type: 'text', text: 'plain' }] });
  });

  it('accepts a modern result without resultType, marked, and keeps the mark through validation', async () => {
    const client = lens();
    await connect(client);
    const answer = await client.requestMarked(call('untyped'));
    expect(answer).toMatchObject({ content: [{ type: 'text', text: 'no resultType' }] });
    expect(Object.hasOwn(answer, MISSING_RESULT_TYPE)).toBe(true);
  });

  it('keeps the result as the server sent it beside the one the SDK filled in (2025: a missing content array became [])', async () => {
    const server = await startMcp((req, res) =>
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', id: idOf(req), result: { structuredContent: { n: 1 } } })),
    );
    const client = new LensClient({ name: 'contract', version: '0' }, { versionNegotiation: { mode: 'legacy' } });
    closers.push(() => client.close(), server.close);
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url)));
    const answer = await client.requestMarked(call('no-content'));
    expect(answer.content).toEqual([]);
    const wire = (answer as { [WIRE_RESULT]?: Record<string, unknown> })[WIRE_RESULT];
    expect(wire).toEqual({ structuredContent: { n: 1 } });
    // So the engine's outcome judges what came, as the audit does from the wire: broken.
    const outcome = await shapeOutcome(answer, { durationMs: 1 });
    expect(outcome.contentProblems).toEqual(['the result has no "content" array']);
  });

  it("runs a task's input request through the registered handler, with its key as the request id", async () => {
    const client = lens();
    const seen: Array<{ id: unknown; message: unknown }> = [];
    client.setRequestHandler('elicitation/create', async (request, ctx) => {
      seen.push({ id: ctx.mcpReq.id, message: (request.params as { message?: unknown }).message });
      return { action: 'accept', content: { ok: true } };
    });
    await connect(client);
    const params = { mode: 'form', message: 'Sure?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } };
    const result = await client.fulfilInputRequest('confirm', 'elicitation/create', params, new AbortController().signal);
    expect(result).toEqual({ action: 'accept', content: { ok: true } });
    expect(seen).toEqual([{ id: 'confirm', message: 'Sure?' }]);
    await expect(client.fulfilInputRequest('x', 'tools/call', {}, new AbortController().signal)).rejects.toThrow(
      /not a request a task may make/,
    );
    await expect(client.fulfilInputRequest('y', 'roots/list', {}, new AbortController().signal)).rejects.toThrow(/did not declare/);
  });
});

describe('LensClient log level', () => {
  it('sends the log level in the _meta of each 2026-07-28 request once set, and none before', async () => {
    const client = lens();
    const server = await connect(client);
    await client.request(call('plain'), ANY);
    client.logLevel = 'debug';
    await client.request(call('plain'), ANY);
    const metas = server.requests.filter((r) => (r.json as Rpc).method === 'tools/call').map((r) => (r.json as Rpc).params?._meta ?? {});
    expect(metas[0]?.['io.modelcontextprotocol/logLevel']).toBeUndefined();
    expect(metas[1]).toMatchObject({
      'io.modelcontextprotocol/logLevel': 'debug',
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    });
  });
});

/** Any result, unvalidated: the contract is about the decoding seam, not the SDK's result schemas. */
const ANY = { '~standard': { version: 1 as const, vendor: 'contract', validate: (value: unknown) => ({ value }) } };
