/**
 * Re-sending a logged request by hand (resendRequest), in both protocol eras against the demo server and on
 * server-everything: the answer comes back, the log marks the new request with the one it came from, and the
 * requests the engine must own are refused before anything is sent.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import type { MessageEntry } from '../shared/events.ts';
import { originOf } from '../shared/message-origin.ts';
import { draftOf } from '../shared/resend.ts';
import { createHarness, type Harness } from './support/engine-harness.ts';
import { startEverythingServer } from './servers/everything-server.ts';

let demo: RunningDemoServer;
let h: Harness;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());
afterEach(async () => {
  await h.engine.call('disconnect', undefined);
});

const sentCalls = () => h.messages().filter((entry) => entry.direction === 'out' && entry.method === 'tools/call');
const answerTo = (request: MessageEntry) => h.messages().find((entry) => entry.requestSeq === request.seq);
const echoText = (result: unknown) => JSON.stringify((result as { content?: unknown }).content);

describe.each([
  ['legacy', '2025-11-25'],
  ['modern', '2026-07-28'],
] as const)('re-sending in the %s era', (era, protocolVersion) => {
  it('sends a logged tools/call again through the same request path, and marks the new log entry', async () => {
    h = createHarness();
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    expect(summary.protocolVersion).toBe(protocolVersion);
    await h.engine.call('callTool', { name: 'echo', arguments: { message: 'first' } });
    const [original] = sentCalls();
    const draft = draftOf(original!.message)!;
    // What the engine assigned (the id, the 2026-07-28 envelope) is not part of the draft.
    expect(draft).toEqual({ method: 'tools/call', params: { name: 'echo', arguments: { message: 'first' } } });

    const answer = await h.engine.call('resendRequest', { draft, from: { seq: original!.seq, rpcId: original!.rpcId! }, edited: false });
    expect(echoText(answer.result)).toContain('first');
    expect(answer.durationMs).toBeGreaterThanOrEqual(0);

    const resent = sentCalls()[1]!;
    expect(resent.origin).toMatchObject({ feature: 'resend', fromSeq: original!.seq, fromId: original!.rpcId, edited: false });
    expect(resent.rpcId).not.toBe(original!.rpcId);
    expect(original!.origin).toBeUndefined();
    expect(answerTo(resent)?.kind).toBe('response');
    // The era's envelope and headers come from the engine, as on every other request.
    const exchange = h.exchanges().find((candidate) => candidate.seq === resent.httpSeq)!;
    const header = (name: string) => exchange.requestHeaders.find(([key]) => key.toLowerCase() === name)?.[1];
    if (era === 'modern') {
      expect(header('mcp-method')).toBe('tools/call');
      expect(header('mcp-name')).toBe('echo');
      const meta = (resent.message as { params: { _meta?: Record<string, unknown> } }).params._meta ?? {};
      expect(Object.keys(meta)).toContain('io.modelcontextprotocol/protocolVersion');
    } else {
      expect(header('mcp-session-id')).toBe(summary.sessionId);
    }
  });

  it('sends an edited request and returns the new answer; a server error comes back as the error', async () => {
    h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    const edited = { method: 'tools/call', params: { name: 'echo', arguments: { message: 'changed' } } };
    const answer = await h.engine.call('resendRequest', { draft: edited, from: { seq: 1 }, edited: true });
    expect(echoText(answer.result)).toContain('changed');
    expect(sentCalls()[0]!.origin).toMatchObject({ feature: 'resend', fromSeq: 1, edited: true });
    expect(sentCalls()[0]!.origin).not.toHaveProperty('fromId');

    // 2025 answers an unknown method with a JSON-RPC error; 2026-07-28 with the same error under an HTTP 4xx.
    await expect(
      h.engine.call('resendRequest', { draft: { method: 'no/such-method', params: {} }, from: { seq: 1 }, edited: true }),
    ).rejects.toMatchObject({ code: era === 'legacy' ? 'protocol' : 'http', message: expect.stringMatching(/not found/i) });
    const refused = h.messages().find((entry) => entry.method === 'no/such-method')!;
    expect(originOf(refused, 'resend')?.edited).toBe(true);
    expect(answerTo(refused)?.kind).toBe('error');
  });
});

describe('mirrored headers (2026-07-28, SEP-2243)', () => {
  it('sends a re-sent tools/call with the Mcp-Param-* headers of its tool, from the edited arguments', async () => {
    h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'modern' });
    await h.engine.call('listTools', undefined);
    const draft = { method: 'tools/call', params: { name: 'lookup-order', arguments: { orderId: 'C-3', region: 'Oslo', priority: 2 } } };
    // Without the headers the server answers -32020: the answer proves they were sent and matched.
    const answer = await h.engine.call('resendRequest', { draft, from: { seq: 1 }, edited: true });
    expect(echoText(answer.result)).toContain('mcp-param-region: Oslo');
    const exchange = h.exchanges().find((candidate) => candidate.seq === sentCalls()[0]!.httpSeq)!;
    expect(new Map(exchange.requestHeaders.map(([name, value]) => [name.toLowerCase(), value])).get('mcp-param-priority')).toBe('2');
  });
});

describe('what is not re-sent', () => {
  it('refuses initialize, notifications and malformed drafts before sending anything', async () => {
    h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    const sentBefore = h.messages().length;
    const resend = (draft: unknown) => h.engine.call('resendRequest', { draft: draft as never, from: { seq: 1 }, edited: true });
    await expect(resend({ method: 'initialize', params: {} })).rejects.toMatchObject({
      code: 'invalid-input',
      message: expect.stringContaining('Connect'),
    });
    await expect(resend({ method: 'notifications/initialized' })).rejects.toMatchObject({
      message: expect.stringContaining('not a request'),
    });
    await expect(resend({ method: 'tools/list', params: [] })).rejects.toMatchObject({ message: expect.stringContaining('"params"') });
    await expect(resend({ method: 42 })).rejects.toMatchObject({ message: expect.stringContaining('"method"') });
    await expect(resend({ method: 'tools/call', params: { arguments: { api_key: '•••• (12 chars)' } } })).rejects.toMatchObject({
      message: expect.stringContaining('mask'),
    });
    expect(h.messages()).toHaveLength(sentBefore);
  });

  it('says so when nothing is connected', async () => {
    h = createHarness();
    await expect(
      h.engine.call('resendRequest', { draft: { method: 'tools/list' }, from: { seq: 1 }, edited: false }),
    ).rejects.toMatchObject({ code: 'not-connected' });
  });
});

describe('on server-everything', () => {
  let everything: { url: string; close(): void };
  beforeAll(async () => {
    everything = await startEverythingServer('streamableHttp');
  });
  afterAll(() => everything.close());

  it('re-sends a request without params and an edited tools/call', async () => {
    h = createHarness();
    await h.engine.call('connect', { url: everything.url, headers: [], transport: 'auto' });
    const listed = await h.engine.call('resendRequest', { draft: { method: 'tools/list' }, from: { seq: 1 }, edited: false });
    expect(JSON.stringify(listed.result)).toContain('"echo"');
    const echoed = await h.engine.call('resendRequest', {
      draft: { method: 'tools/call', params: { name: 'echo', arguments: { message: 'from the log' } } },
      from: { seq: 2 },
      edited: true,
    });
    expect(echoText(echoed.result)).toContain('from the log');
    expect(sentCalls().map((entry) => originOf(entry, 'resend')?.edited)).toEqual([true]);
  });
});
