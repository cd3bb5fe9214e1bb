/**
 * An MCP server that is right in everything the audit checks except one fault, chosen by path. It speaks
 * plain JSON over HTTP in either era: `/<fault>/mcp` answers `initialize` (2025-11-25) and keeps sessions,
 * and `/modern/<fault>/mcp` answers `server/discover` and the 2026-07-28 envelope, validating each request's
 * _meta and standard headers. It refuses a Host or Origin that is not loopback and answers CORS preflights.
 * Each fault is one failure class the audit (and the official suite, in the agreement test) must name;
 * `sound` is the same server without one. Loopback only. The transport rules are in ./broken-audit-http.ts.
 */
import type { ServerResponse } from 'node:http';
import { HEADER_TOOL, openSession, refuseAtTheDoor, send } from './broken-audit-http.ts';
import { RESOURCE_FAULTS, resourceAnswer } from './broken-audit-resources.ts';
import { startRawServer, type RawRequest } from './raw-server.ts';

/** Each fault, the era it is served in, and the check that must fail it. */
const AUDIT_FAULTS = {
  /** tools/list hands out a fresh cursor on every page, with the same tool: the list never ends. */
  'endless-pagination': { era: 'legacy', check: 'tools-list' },
  /** An unknown method gets -32600 (Invalid Request) instead of -32601. */
  'wrong-error-code': { era: 'legacy', check: 'unknown-method' },
  /** A tool's inputSchema is not valid JSON Schema ("type": "strnig"). */
  'invalid-schema': { era: 'legacy', check: 'tool-schemas' },
  /** tools/call of a tool that does not exist answers a result, as if it ran. */
  'phantom-tool': { era: 'legacy', check: 'unknown-tool' },
  /** ping answers a result with content instead of an empty one. */
  'chatty-ping': { era: 'legacy', check: 'ping' },
  /** tools/list says its result stays fresh for a negative time (the list's own schema forbids it too). */
  'negative-ttl': { era: 'modern', check: 'cache-hints', also: 'tools-list' },
  /** An unknown method gets -32601, but with HTTP 200 where 2026-07-28 requires 404. */
  'method-not-found-200': { era: 'modern', check: 'unknown-method', also: 'server-stateless' },
  /** DELETE answers 200 but the session lives on: requests on it still get answers, not 404. */
  'undying-session': { era: 'legacy', check: 'server-session-lifecycle' },
  /** Any Host and Origin is served: a web page can reach the server by DNS rebinding. */
  'no-dns-rebinding-protection': { era: 'legacy', check: 'dns-rebinding-protection' },
  /** Mcp-Method and Mcp-Name are not checked against the body. */
  'unchecked-headers': { era: 'modern', check: 'http-header-validation' },
  /** A request without the per-request _meta is served instead of refused with 400 and -32602. */
  'meta-not-required': { era: 'modern', check: 'server-stateless' },
  /** tools/call without a name answers a result instead of -32602. */
  'params-unchecked': { era: 'legacy', check: 'bad-params' },
  /** Mcp-Param-* headers are not checked against the tool's arguments (nor their Base64). */
  'unchecked-param-headers': { era: 'modern', check: 'http-custom-header-server-validation' },
  /** A POST that arrives while another is in flight on the session is refused with 409. */
  'single-stream': { era: 'legacy', check: 'server-sse-multiple-streams' },
  /** tasks/get, tasks/update and tasks/cancel are answered to a request that did not declare the tasks extension. */
  'ungated-tasks': { era: 'modern', check: 'tasks-capability-negotiation' },
  /** prompts/list answers an InputRequiredResult, which a server may send only on calls, reads and gets. */
  'input-required-list': { era: 'modern', check: 'input-required-result-unsupported-methods', also: 'prompts-list' },
  /** resources/list names a resource whose uri has no scheme ("readme"): the schema's uri format. */
  'resource-uri-no-scheme': { era: 'both', check: 'resources-list' },
  /** tools/list carries resultType but neither ttlMs nor cacheScope, which the same schema requires. */
  'missing-list-hints': { era: 'modern', check: 'tools-list', also: 'cache-hints' },
  /**
   * Concurrent tools/list POSTs are answered as event streams whose body is the bare JSON-RPC response, with
   * no `data:` line: no client reads a response from them.
   */
  'stream-without-data': { era: 'both', check: 'server-sse-multiple-streams' },
  /** A filled-in template reads as an empty contents array. The server offers no completions. */
  'template-read-empty': { era: 'both', check: 'resources-templates-read' },
} as const;

/**
 * Faults the engine refuses to connect to: the audit's report then has one failed check, `connection`, and
 * every other check says it could not run.
 */
export const REFUSED_FAULTS = {
  /** initialize hands out an Mcp-Session-Id with a space in it (only visible ASCII, 0x21–0x7E, is allowed). */
  'session-id-not-ascii': { era: 'legacy' },
  /** server/discover answers a result without supportedVersions. */
  'malformed-discover': { era: 'modern' },
} as const;

export type AuditFault = keyof typeof AUDIT_FAULTS | keyof typeof REFUSED_FAULTS;
type Era = 'legacy' | 'modern';

/** Each fault with each era it is served in: a fault of both eras is two rows. */
export const faultsByEra = () =>
  Object.entries(AUDIT_FAULTS).flatMap(([fault, { era, check, ...rest }]) =>
    (era === 'both' ? (['legacy', 'modern'] as const) : [era]).map((one) => ({
      fault: fault as AuditFault,
      era: one,
      check,
      also: 'also' in rest ? (rest.also as string) : undefined,
    })),
  );

const eraOf = (fault: AuditFault): Era => {
  const era =
    fault in AUDIT_FAULTS ? AUDIT_FAULTS[fault as keyof typeof AUDIT_FAULTS].era : REFUSED_FAULTS[fault as keyof typeof REFUSED_FAULTS].era;
  return era === 'both' ? 'legacy' : era;
};

const ECHO_TOOL = {
  name: 'echo',
  description: 'Returns its message.',
  annotations: { readOnlyHint: true },
  inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] },
};

const INVALID_TOOL = {
  name: 'broken-schema',
  description: 'Its inputSchema names a type that does not exist.',
  inputSchema: { type: 'object', properties: { count: { type: 'strnig' } } },
};

type Reply = { result: Record<string, unknown> } | { error: { code: number; message: string; data?: unknown }; status?: number };

const SERVER_INFO = (fault: string) => ({ name: `broken-${fault}`, version: '0.0.1' });

function answer(fault: AuditFault | 'sound', era: Era, method: string, params: Record<string, unknown>): Reply {
  const resources = RESOURCE_FAULTS.has(fault) ? { resources: {} } : {};
  if (RESOURCE_FAULTS.has(fault)) {
    const reply = resourceAnswer(fault, era, method, params);
    if (reply) return reply;
  }
  switch (method) {
    case 'initialize':
      // 2026-07-28 removed initialize: "MUST respond with 404 Not Found and … -32601".
      if (era === 'modern') return { error: { code: -32601, message: 'Method not found' }, status: 404 };
      return { result: { protocolVersion: '2025-11-25', capabilities: { tools: {}, ...resources }, serverInfo: SERVER_INFO(fault) } };
    case 'server/discover':
      // A 2025 server does not know the 2026-07-28 probe: a plain 400, so Auto settles on the 2025 era.
      if (era === 'legacy') return { error: { code: -32000, message: 'Bad Request: Server not initialized' }, status: 400 };
      return {
        result: {
          ...(fault !== 'malformed-discover' && { supportedVersions: ['2026-07-28'] }),
          capabilities: {
            tools: {},
            ...resources,
            ...(fault === 'input-required-list' && { prompts: {} }),
            extensions: { 'io.modelcontextprotocol/tasks': {} },
          },
          ttlMs: 0,
          cacheScope: 'public',
          // 2026-07-28 servers name themselves in each result's _meta.
          _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO(fault) },
        },
      };
    case 'ping':
      if (era === 'modern') return { error: { code: -32601, message: 'Method not found' }, status: 404 };
      return { result: fault === 'chatty-ping' ? { status: 'ok' } : {} };
    case 'tools/list': {
      const hints =
        era === 'modern' && fault !== 'missing-list-hints' ? { ttlMs: fault === 'negative-ttl' ? -1 : 60_000, cacheScope: 'public' } : {};
      if (fault === 'endless-pagination') {
        const page = Number(String(params.cursor ?? 'page-0').replace('page-', ''));
        return { result: { tools: [ECHO_TOOL], nextCursor: `page-${page + 1}`, ...hints } };
      }
      const tools = [ECHO_TOOL, ...(fault === 'invalid-schema' ? [INVALID_TOOL] : []), ...(era === 'modern' ? [HEADER_TOOL] : [])];
      return { result: { tools, ...hints } };
    }
    case 'tasks/get':
    case 'tasks/update':
    case 'tasks/cancel':
      // No request of the audit's declares the extension: a careful server refuses them all with -32021.
      if (era === 'legacy') return { error: { code: -32601, message: 'Method not found' } };
      if (fault === 'ungated-tasks') return { error: { code: -32602, message: `No task ${String(params.taskId)}.` }, status: 400 };
      return {
        error: {
          code: -32021,
          message: 'Missing required client capability: the tasks extension.',
          data: { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } },
        },
        status: 400,
      };
    case 'prompts/list':
      if (fault === 'input-required-list')
        return {
          result: {
            resultType: 'input_required',
            // The caching hints every 2026-07-28 list result carries, so only the fault itself is wrong.
            ttlMs: 60_000,
            cacheScope: 'public',
            inputRequests: {
              who: {
                method: 'elicitation/create',
                params: { mode: 'form', message: 'Who?', requestedSchema: { type: 'object', properties: {} } },
              },
            },
          },
        };
      return { error: { code: -32601, message: 'Method not found' }, status: era === 'modern' ? 404 : 200 };
    case 'tools/call':
      if (params.name === undefined)
        return fault === 'params-unchecked'
          ? { result: { content: [{ type: 'text', text: 'called nothing' }] } }
          : { error: { code: -32602, message: 'Invalid params: tools/call needs a name.' }, status: era === 'modern' ? 400 : 200 };
      if (params.name === 'echo')
        return { result: { content: [{ type: 'text', text: String((params.arguments as { message?: unknown })?.message) }] } };
      if (params.name === HEADER_TOOL.name && era === 'modern')
        return { result: { content: [{ type: 'text', text: String((params.arguments as { region?: unknown })?.region) }] } };
      if (fault === 'phantom-tool') return { result: { content: [{ type: 'text', text: 'done' }] } };
      return { error: { code: -32602, message: `Unknown tool: ${String(params.name)}` } };
    default:
      if (fault === 'wrong-error-code') return { error: { code: -32600, message: 'Invalid Request' } };
      // 2026-07-28: "MUST respond with 404 Not Found and a JSON-RPC error with code -32601".
      return {
        error: { code: -32601, message: 'Method not found' },
        status: era === 'modern' && fault !== 'method-not-found-200' ? 404 : 200,
      };
  }
}

function handle(request: RawRequest, res: ServerResponse): void {
  const route = /^\/(modern\/)?([a-z0-9-]+)\/mcp/.exec(request.path);
  if (!route) return void res.writeHead(404).end();
  const fault = route[2] as AuditFault | 'sound';
  const era: Era = route[1] ? 'modern' : 'legacy';
  const refusal = refuseAtTheDoor(request, fault, era);
  if (refusal) return void send(res, refusal.status, refusal.headers, refusal.body);
  const message = request.json as { id?: unknown; method?: string; params?: Record<string, unknown> };
  // Notifications (notifications/initialized) get 202 and no body.
  if (message.id === undefined) return void send(res, 202);
  const respond = (bareStream = false) => {
    const reply = answer(fault, era, message.method ?? '', message.params ?? {});
    const body =
      'result' in reply
        ? { result: era === 'modern' ? { resultType: 'complete', ...reply.result } : reply.result }
        : { error: reply.error };
    const status = 'status' in reply && reply.status !== undefined ? reply.status : 200;
    const session =
      message.method === 'initialize' && 'result' in reply
        ? { 'mcp-session-id': openSession(fault === 'session-id-not-ascii' ? 'session ' : 'session-') }
        : {};
    const response = { jsonrpc: '2.0', id: message.id, ...body };
    // The stream-without-data fault: an event stream whose body is the bare JSON, with no `data:` line.
    if (bareStream)
      return void res.writeHead(status, { ...session, 'content-type': 'text/event-stream' }).end(`${JSON.stringify(response)}\n\n`);
    send(res, status, session, response);
  };
  if (fault === 'single-stream' && message.method === 'tools/list') oneAtATime(request, res, respond);
  else if (fault === 'stream-without-data' && message.method === 'tools/list') streamWhenConcurrent(`${era}/${fault}`, respond);
  else respond();
}

/**
 * tools/list requests in flight (the stream-without-data fault), each marked once another overlaps it; by
 * endpoint, so a client of the 2025 fixture never makes the 2026-07-28 one's answers broken (the agreement
 * test audits one while the suite probes the other).
 */
const inFlight = new Map<string, Set<{ concurrent: boolean }>>();

/**
 * The stream-without-data fault: tools/list takes a moment, and every request that overlapped another is
 * answered as a broken event stream. The audit's own one-at-a-time requests are answered as JSON.
 */
function streamWhenConcurrent(endpoint: string, answer: (bareStream: boolean) => void): void {
  const here = inFlight.get(endpoint) ?? new Set();
  inFlight.set(endpoint, here);
  const entry = { concurrent: here.size > 0 };
  for (const other of here) other.concurrent = true;
  here.add(entry);
  setTimeout(() => {
    here.delete(entry);
    answer(entry.concurrent);
  }, 300);
}

/** Sessions with a tools/list in flight (the single-stream fault). */
const busy = new Set<string>();

/**
 * The single-stream fault: tools/list takes a moment, and a POST that arrives on the session meanwhile is
 * refused with 409, as a server that keeps one stream per session would.
 */
function oneAtATime(request: RawRequest, res: ServerResponse, answer: (bareStream?: boolean) => void): void {
  const session = String(request.headers['mcp-session-id'] ?? 'none');
  if (busy.has(session))
    return void send(res, 409, {}, { jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Conflict: one request at a time.' } });
  busy.add(session);
  setTimeout(() => {
    busy.delete(session);
    answer();
  }, 300);
}

export async function startBrokenAuditServer(): Promise<{
  urlFor(fault: AuditFault | 'sound', era?: Era): string;
  close(): Promise<void>;
}> {
  const server = await startRawServer(handle);
  const base = server.url.replace(/\/mcp$/, '');
  return {
    urlFor: (fault, era = fault === 'sound' ? 'legacy' : eraOf(fault)) => `${base}/${era === 'modern' ? 'modern/' : ''}${fault}/mcp`,
    close: server.close,
  };
}
