/**
 * A worker's first connect pays for more than the network: the SDK builds its zod schemas on first use, zod
 * compiles each schema's fast path on its first parse, and V8 compiles each of the engine's functions the first
 * time it runs. Traced on an idle two-core machine, that was 40–60 ms of the worker's CPU before `server/discover`
 * went out and as much again while its answer, `initialize`'s and `tools/list`'s were first read, all on the path
 * from Connect to the first tool.
 *
 * `warmUp` pays it before Connect: one connect and one `tools/list` in each era, Auto as a person's connect runs,
 * through a throwaway engine whose fetch is an in-memory server (nothing leaves the worker, no event reaches
 * the page). It yields between steps and stops at the first step after `stillIdle` turns false (a Connect came),
 * so the real connect never waits behind more than one of them.
 */
import type { ProtocolEra, ToolList } from '../shared/model.ts';
import type { Clock } from './clock.ts';
import { sleep } from './clock.ts';
import { createEngine } from './engine.ts';

const URL_OF = { modern: 'http://warm-up.invalid/mcp', legacy: 'http://warm-up.invalid/legacy' } as const;
const MODERN_VERSION = '2026-07-28';
const LEGACY_VERSION = '2025-11-25';
const SESSION = 'warm-up-session';

/** A data: icon as servers send them, so the icon checks run too. */
const ICON = {
  src: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAyNCAyNCI+PHJlY3Qgd2lkdGg9IjI0IiBoZWlnaHQ9IjI0Ii8+PC9zdmc+',
  mimeType: 'image/svg+xml',
  sizes: ['any'],
};
const SERVER_INFO = { name: 'warm-up', title: 'Warm-up', version: '1.0.0', icons: [ICON] };
const CAPABILITIES = { tools: {}, logging: {}, resources: {}, prompts: {}, completions: {} };
const TOOLS = [
  {
    name: 'echo',
    title: 'Echo',
    description: 'Returns the message.',
    inputSchema: {
      type: 'object',
      properties: { message: { type: 'string', minLength: 1, default: 'hi' }, shout: { type: 'boolean' } },
      required: ['message'],
    },
    outputSchema: { type: 'object', properties: { echoed: { type: 'string' } } },
    annotations: { readOnlyHint: true, idempotentHint: true },
    icons: [ICON],
  },
  { name: 'plain', description: 'No extras.', inputSchema: { type: 'object' } },
];

interface RpcRequest {
  id?: number | string;
  method?: string;
}

const json = (body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json', ...headers } });

/** The in-memory server: a 2026-07-28 one at URL_OF.modern and a 2025-11-25 one at URL_OF.legacy. */
async function serve(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const modern = url === URL_OF.modern;
  const method = init?.method ?? 'GET';
  if (method === 'DELETE') return new Response(null, { status: 200 });
  if (method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST' } });
  const message = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as RpcRequest;
  if (message.id === undefined) return new Response(null, { status: 202 });
  const answer = (result: Record<string, unknown>) =>
    json({ jsonrpc: '2.0', id: message.id, result }, modern ? {} : { 'mcp-session-id': SESSION });
  const modernExtras = {
    resultType: 'complete',
    ttlMs: 0,
    cacheScope: 'private',
    _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
  };
  switch (message.method) {
    case 'server/discover':
      if (!modern) return json({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      return answer({ supportedVersions: [MODERN_VERSION], capabilities: CAPABILITIES, instructions: 'Warm-up.', ...modernExtras });
    case 'initialize':
      return answer({ protocolVersion: LEGACY_VERSION, capabilities: CAPABILITIES, serverInfo: SERVER_INFO, instructions: 'Warm-up.' });
    case 'tools/list':
      return answer({ tools: TOOLS, ...(modern && modernExtras) });
    default:
      return json({ jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
  }
}

/** What the warm-up did, for its test: the era each connect ended in and the tools each listed. */
export interface WarmUpReport {
  eras: ProtocolEra[];
  tools: number[];
}

export async function warmUp(clock: Clock, stillIdle: () => boolean = () => true): Promise<WarmUpReport> {
  // Once a Connect has come, every request of the warm-up fails at once, so a step under way ends within a
  // task or two instead of competing with the person's connect for the worker.
  const fetch = async (input: string | URL | Request, init?: RequestInit) => {
    if (!stillIdle()) throw new DOMException('The warm-up stopped: a Connect came.', 'AbortError');
    return serve(input, init);
  };
  const engine = createEngine({ fetch, clock, emit: () => undefined });
  const report: WarmUpReport = { eras: [], tools: [] };
  try {
    for (const era of ['modern', 'legacy'] as const) {
      // A macrotask between steps, so a real call that arrived meanwhile runs first.
      await sleep(clock, 0);
      if (!stillIdle()) break;
      const summary = await engine.call('connect', { url: URL_OF[era], headers: [], transport: 'auto', era: 'auto' });
      report.eras.push(summary.era);
      await sleep(clock, 0);
      if (!stillIdle()) break;
      const list: ToolList = await engine.call('listTools', {});
      report.tools.push(list.tools.length);
    }
  } catch (error) {
    // Stopped half-way is what it is for; any other failure is the test's to see.
    if (stillIdle()) throw error;
  } finally {
    await engine.call('disconnect', undefined);
  }
  return report;
}
