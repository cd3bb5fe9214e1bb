/**
 * The hostile fixture's scenarios: one misbehaviour each, on the tool `probe`; the tool `ok` always
 * answers, so a test can show the session is still usable. Served at /s/<name>/mcp by server.ts.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appEscape } from './hostile-app.ts';
import { appDestructive, appFlood, appLinks, appNetwork } from './hostile-apps.ts';

export interface Received {
  method: string;
  rpcMethod?: string;
  id?: unknown;
  /** The tool a `tools/call` named. */
  toolName?: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface ScenarioContext {
  id: unknown;
  rpcMethod: string | undefined;
  res: ServerResponse;
  /** Headers every answer carries (CORS, session). */
  base: Record<string, string>;
  /** How many times this scenario has been asked for this method since the fixture started. */
  count: number;
}

export interface Scenario {
  /** Answers `tools/call` for the tool `probe`. */
  probe?: (ctx: ScenarioContext) => void;
  /** Replaces the initialize result fields. */
  initialize?: Record<string, unknown>;
  /** Session id to hand out at initialize; `null` for none. @default a fresh UUID */
  sessionId?: string | null;
  /** The CORS headers; omitted ones fall back to full CORS. */
  cors?: { allowHeaders?: string; exposeHeaders?: string; none?: boolean };
  /** Answers the standalone GET event stream (default: 405, no stream). */
  getStream?: (res: ServerResponse, base: Record<string, string>, req: IncomingMessage) => void;
  /** Tools listed (names, descriptions): defaults to probe and ok. */
  tools?: unknown[];
  /** Answers each `tools/list` page itself (for paging scenarios), given the request's cursor. */
  listTools?: (cursor: string | undefined) => Record<string, unknown>;
  /** Resources listed; with them the server declares the resources capability. */
  resources?: unknown[];
  /** Prompts listed; with them the server declares the prompts capability. */
  prompts?: unknown[];
  /** Answers `resources/read` for a URI. */
  read?: (ctx: ScenarioContext, uri: string) => void;
  /** Answers `resources/read`; `assetBase` is where this scenario's /asset/ files are served (recorded when fetched). */
  readResult?: (uri: string, assetBase: string) => unknown;
  /** Answers other requests by method (`tasks/get`, …), given their params. */
  methods?: Record<string, (ctx: ScenarioContext, params: Record<string, unknown>) => void>;
}

const rpc = (id: unknown, result: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result });
const text = (t: string) => ({ content: [{ type: 'text', text: t }] });
const sseHead = (ctx: ScenarioContext) => ctx.res.writeHead(200, { ...ctx.base, 'content-type': 'text/event-stream' });
const event = (value: unknown) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;
const json = (ctx: ScenarioContext, status: number, body: string | Buffer, type = 'application/json') =>
  ctx.res.writeHead(status, { ...ctx.base, 'content-type': type }).end(body);

/** Every kind of sequence a terminal obeys, for the terminal-escapes scenario. */
export const TERMINAL_ESCAPES =
  '\u001b[2J\u001b[H\u001b]0;owned\u0007\u001b]8;;https://evil.example/\u001b\\here\u001b]8;;\u001b\\\r\u0007\u009b31m\u202E\u2066';

const XSS = `<img src=x onerror="alert('xss')"><script>alert('xss')</script>`;

function pngHeader(width: number, height: number): string {
  const b = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}
const image = (mimeType: string, data: string) => ({ content: [{ type: 'image', mimeType, data }] });
/** GET streams per session, for a scenario that misbehaves only for a while. */
const streamsBySession = new Map<string, number>();
const FLAKY_DROPS = 4;

const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="10" height="10"/></svg>',
).toString('base64');

const tool = (name: string, description: string) => ({ name, description, inputSchema: { type: 'object' } });

/** Tasks of `task-input-forever` that a client cancelled. */
const cancelledTasks = new Set<string>();
const foreverTask = (taskId: string) => ({
  taskId,
  status: cancelledTasks.has(taskId) ? 'cancelled' : 'input_required',
  statusMessage: cancelledTasks.has(taskId) ? 'Cancelled by the client.' : 'Waiting for an answer that only tasks/result can collect.',
  createdAt: '2026-01-01T00:00:00Z',
  lastUpdatedAt: '2026-01-01T00:00:00Z',
  ttl: 3_600_000,
  pollInterval: 100,
});

export const SCENARIOS: Record<string, Scenario> = {
  /** 10,000 tools in one tools/list answer. */
  'huge-tools': {
    listTools: () => ({
      tools: Array.from({ length: 10_000 }, (_, index) => tool(`tool-${index}`, `Tool number ${index} of a very long list.`)),
    }),
  },
  /**
   * Rows that would wrap: long names without spaces, long titles and descriptions, every hint badge, an
   * execution badge, long resource URIs and prompt names. The windowed lists must keep each row on its lines.
   */
  'long-rows': {
    tools: Array.from({ length: 40 }, (_, index) => ({
      name: `${index % 2 ? 'a_tool_with_a_remarkably_long_name_that_never_breaks_' : 'short'}${index}`,
      title: `Title ${index}: ${'a long title that goes on '.repeat(index % 3 === 0 ? 6 : 1)}`,
      description: `${'A description long enough to wrap several times over in a narrow list pane. '.repeat(index % 4 === 0 ? 5 : 1)}`,
      annotations: { readOnlyHint: index % 2 === 0, destructiveHint: true, idempotentHint: true, openWorldHint: true },
      execution: { taskSupport: 'optional' },
      inputSchema: { type: 'object' },
    })),
    resources: Array.from({ length: 30 }, (_, index) => ({
      uri: `demo://a/very/long/path/${'segment-without-spaces-'.repeat(index % 3 === 0 ? 8 : 1)}${index}`,
      name: `resource_${'with_a_long_name_'.repeat(index % 2 ? 6 : 1)}${index}`,
      description: 'A resource whose description is long enough to need more than one line in a narrow pane of the list.'.repeat(2),
      mimeType: 'text/plain',
    })),
    prompts: Array.from({ length: 30 }, (_, index) => ({
      name: `prompt_${'with_a_long_name_'.repeat(index % 2 ? 6 : 1)}${index}`,
      title: `Prompt ${index} ${'with a long title '.repeat(4)}`,
      description: 'A prompt whose description is long enough to need more than one line in a narrow pane of the list.'.repeat(2),
      arguments: [{ name: 'topic', required: true }],
    })),
  },
  /** A fresh nextCursor on every page, forever: the list has no end. */
  'endless-cursor': {
    listTools: (cursor) => {
      const page = cursor === undefined ? 0 : Number(cursor.slice(1));
      return { tools: [tool(`page-${page}-a`, 'First of the page.'), tool(`page-${page}-b`, 'Second.')], nextCursor: `c${page + 1}` };
    },
  },
  'app-escape': appEscape,
  'app-network': appNetwork,
  'app-destructive': appDestructive,
  'app-links': appLinks,
  'app-flood': appFlood,
  'bad-json-body': { probe: (ctx) => json(ctx, 200, `{"jsonrpc":"2.0","id":${JSON.stringify(ctx.id)},"result":{"content":[`) },
  'bad-json-event': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(event('{this is not json'));
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('answered after a broken event') }));
    },
  },
  'no-result': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(event({ jsonrpc: '2.0', id: ctx.id, note: 'neither result nor error' }));
    },
  },
  'unknown-id': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(event({ jsonrpc: '2.0', id: 987654, result: {} }));
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('the real answer') }));
    },
  },
  'duplicate-id': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(event({ jsonrpc: '2.0', id: ctx.id, result: text('first answer') }));
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('second answer') }));
    },
  },
  'notification-with-id': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(event({ jsonrpc: '2.0', id: 'n-1', method: 'notifications/message', params: { level: 'info', data: 'I have an id' } }));
      setTimeout(() => ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('done') })), 50);
    },
  },
  'stream-ends-early': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.end(event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'about to vanish' } }));
    },
  },
  'invalid-utf8': {
    probe: (ctx) => {
      const body = Buffer.from(rpc(ctx.id, text('bad byte: [#]')));
      body[body.indexOf('#')] = 0xff;
      json(ctx, 200, body);
    },
  },
  'html-200': { probe: (ctx) => json(ctx, 200, '<html><body><h1>Please sign in</h1></body></html>', 'text/html') },
  'html-500': {
    probe: (ctx) => json(ctx, 500, '<html><body><h1>Internal Server Error</h1><p>database is down</p></body></html>', 'text/html'),
  },
  'html-502': {
    probe: (ctx) => json(ctx, 502, '<html><body><h1>502 Bad Gateway</h1><p>upstream unreachable</p></body></html>', 'text/html'),
  },
  'too-large': {
    probe: (ctx) => {
      ctx.res.writeHead(200, { ...ctx.base, 'content-type': 'application/json' });
      ctx.res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(ctx.id)},"result":{"content":[{"type":"text","text":"`);
      const chunk = 'A'.repeat(1024 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 20 && !ctx.res.destroyed && ctx.res.write(chunk)) sent++;
        if (sent < 20 && !ctx.res.destroyed) ctx.res.once('drain', pump);
        else if (!ctx.res.destroyed) ctx.res.end('"}]}}');
      };
      pump();
    },
  },
  'too-deep': {
    probe: (ctx) =>
      json(
        ctx,
        200,
        `{"jsonrpc":"2.0","id":${JSON.stringify(ctx.id)},"result":{"content":[],"deep":${'['.repeat(50_000)}${']'.repeat(50_000)}}}`,
      ),
  },
  flood: {
    probe: (ctx) => {
      sseHead(ctx);
      let body = '';
      for (let seq = 0; seq < 5000; seq++)
        body += event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: { seq } } });
      ctx.res.write(body);
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('after 5000 notifications') }));
    },
  },
  'session-404': {
    probe: (ctx) =>
      ctx.count === 1 ? json(ctx, 404, 'Session not found', 'text/plain') : json(ctx, 200, rpc(ctx.id, text('new session works'))),
  },
  'bad-session-id': { sessionId: 'has spaces\tand tabs' },
  'unsupported-version': { initialize: { protocolVersion: '1999-01-01' } },
  xss: {
    initialize: {
      serverInfo: { name: `evil${XSS}\u202Egnp.exe`, version: '1.0', title: `Title ${XSS}`, websiteUrl: 'javascript:alert(1)' },
      instructions: `Instructions ${XSS}`,
    },
    tools: [
      {
        name: 'probe',
        description: `Description ${XSS} with a hidden\u200Bzero-width and tag \u{E0041}\u{E0042} characters`,
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      },
      { name: 'ok', description: 'Always answers.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
    probe: (ctx) => json(ctx, 200, rpc(ctx.id, { content: [{ type: 'text', text: `Result ${XSS} [link](javascript:alert(1))` }] })),
  },
  /**
   * Names a terminal would obey: clear-screen (CSI), a window title (OSC 0), a hidden link (OSC 8), BEL, CR,
   * a one-character C1 CSI and a bidi override, in the server's name, its tools' names and a result.
   */
  'terminal-escapes': {
    initialize: { serverInfo: { name: `evil${TERMINAL_ESCAPES}`, version: `1.0${TERMINAL_ESCAPES}` } },
    tools: [
      {
        name: 'probe',
        description: 'Answers with escape sequences.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
      },
      ...['wipe\u001b[2J\u001b[H', 'title\u001b]0;owned\u0007', 'link\u001b]8;;https://evil.example/\u001b\\click\u001b]8;;\u001b\\'].map(
        (name) => ({
          name,
          description: 'Read-only, so the CLI calls it.',
          inputSchema: { type: 'object' },
          annotations: { readOnlyHint: true },
        }),
      ),
      { name: 'bell\u0007\rover\u009b2J\u202Eexe.txt', description: 'Writes, so the CLI skips it.', inputSchema: { type: 'object' } },
    ],
    probe: (ctx) => json(ctx, 200, rpc(ctx.id, text(`result${TERMINAL_ESCAPES}`))),
  },
  'image-bomb': { probe: (ctx) => json(ctx, 200, rpc(ctx.id, image('image/png', pngHeader(20_000, 20_000)))) },
  'lying-mime': { probe: (ctx) => json(ctx, 200, rpc(ctx.id, image('image/jpeg', pngHeader(16, 16)))) },
  'error-response': {
    probe: (ctx) =>
      json(ctx, 200, JSON.stringify({ jsonrpc: '2.0', id: ctx.id, error: { code: -32050, message: `Tool exploded ${XSS}` } })),
  },
  'invalid-result': { probe: (ctx) => json(ctx, 200, rpc(ctx.id, { content: 'not an array' })) },
  batch: {
    probe: (ctx) =>
      json(
        ctx,
        200,
        JSON.stringify([
          { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'batched' } },
          { jsonrpc: '2.0', id: ctx.id, result: text('answer inside a batch') },
        ]),
      ),
  },
  // Sends an event with an id, then cuts the connection: four times per session, then the stream holds.
  'flaky-stream': {
    getStream: (res, base, req) => {
      const session = String(req.headers['mcp-session-id']);
      const n = (streamsBySession.get(session) ?? 0) + 1;
      streamsBySession.set(session, n);
      res.writeHead(200, { ...base, 'content-type': 'text/event-stream' });
      res.write(
        `id: ${session.slice(0, 8)}-${n}\n${event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: `stream ${n}` } })}`,
      );
      if (n <= FLAKY_DROPS) setTimeout(() => res.destroy(), 50);
    },
  },
  'retry-zero': { getStream: (res, base) => res.writeHead(200, { ...base, 'content-type': 'text/event-stream' }).end('retry: 0\n\n') },
  icons: {
    tools: [
      {
        name: 'probe',
        description: 'Icon with a javascript: URL.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'javascript:alert(1)' }],
      },
      {
        name: 'ok',
        description: 'Icon on another origin.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'https://tracker.invalid/pixel.png' }],
      },
      {
        name: 'file-icon',
        description: 'Icon with a file: URL.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: 'file:///etc/passwd' }],
      },
      {
        name: 'svg-icon',
        description: 'SVG icon with a script.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        icons: [{ src: `data:image/svg+xml;base64,${SVG_WITH_SCRIPT}` }],
      },
    ],
    probe: (ctx) => json(ctx, 200, rpc(ctx.id, text('icons done'))),
  },
  'unknown-progress-token': {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(
        event({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'never-issued', progress: 1, total: 2 } }),
      );
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('done despite a stray progress token') }));
    },
  },
  silent: {
    probe: (ctx) => {
      sseHead(ctx);
      ctx.res.write(': headers sent, then nothing\n\n');
    },
  },
  /**
   * 2025-11-25 tasks: `probe` must run as a task, and the task needs input from its first poll until it is
   * cancelled. Its tasks/result never answers, so a client that waits there, or polls until the task moves,
   * waits forever.
   */
  'task-input-forever': {
    initialize: { capabilities: { tools: {}, tasks: { cancel: {}, requests: { tools: { call: {} } } } } },
    tools: [
      {
        name: 'probe',
        description: 'Becomes a task that asks for input and never gets past it.',
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true },
        execution: { taskSupport: 'required' },
      },
      { name: 'ok', description: 'Always answers.', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    ],
    probe: (ctx) => json(ctx, 200, rpc(ctx.id, { task: { ...foreverTask(`forever-${ctx.count}`), status: 'working' } })),
    methods: {
      'tasks/get': (ctx, params) => json(ctx, 200, rpc(ctx.id, foreverTask(String(params.taskId)))),
      'tasks/result': (ctx) => {
        sseHead(ctx);
        ctx.res.write(': the answer never comes\n\n');
      },
      'tasks/cancel': (ctx, params) => {
        cancelledTasks.add(String(params.taskId));
        json(ctx, 200, rpc(ctx.id, foreverTask(String(params.taskId))));
      },
    },
  },
  // Server data named after Object.prototype members (issue 16): as resource URIs, prompt argument names
  // and notification methods, then an ordinary log message that must still reach the Logs tab.
  'prototype-keys': {
    resources: [
      { uri: '__proto__', name: '__proto__' },
      { uri: 'constructor', name: 'constructor' },
      { uri: 'demo://normal', name: 'normal' },
    ],
    prompts: [
      {
        name: 'proto-args',
        description: 'Arguments named after Object.prototype members.',
        arguments: [{ name: '__proto__' }, { name: 'toString' }, { name: 'topic' }],
      },
    ],
    probe: (ctx) => {
      sseHead(ctx);
      for (const method of ['__proto__', 'constructor', 'hasOwnProperty'])
        ctx.res.write(event({ jsonrpc: '2.0', method, params: { uri: method } }));
      ctx.res.write(
        event({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'after the prototype methods' } }),
      );
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: text('prototype keys sent') }));
    },
  },
  'cors-none': { cors: { none: true } },
  'cors-protocol-version-not-allowed': { cors: { allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id, Last-Event-ID' } },
  'cors-session-id-not-exposed': { cors: { exposeHeaders: 'WWW-Authenticate' } },
  /** A 2025-era allow-list: no Mcp-Method or Mcp-Name, so a browser refuses to send a 2026-07-28 request. */
  'cors-2025-allow-list': {
    cors: { allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID' },
  },
  'cors-custom-header-not-allowed': {
    cors: { allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID' },
  },
  // A 2025-era allow-list: initialize works, a 2026-07-28 request (Mcp-Method, Mcp-Name) is refused.
  'cors-modern-headers-not-allowed': {
    cors: { allowHeaders: 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID' },
  },
  /**
   * Every field a view reads, with the wrong type: names that are numbers, objects where text belongs,
   * lists that are strings, notifications whose method or params are not what any view expects. The app
   * must show what it can, keep every message in the log, and go on working.
   */
  'wrong-types': {
    // The initialize answer stays valid: the SDK refuses a malformed one, and Connect fails and says so.
    tools: [
      // Read-only, so Run asks no question first; the hint's neighbours have the wrong types.
      {
        name: 'probe',
        description: { en: 'an object' },
        inputSchema: { type: 'object' },
        annotations: { readOnlyHint: true, title: 5, destructiveHint: 'no' },
        icons: [null, 5],
      },
      {
        name: 'ok',
        description: 'Always answers.',
        inputSchema: { type: 'object', properties: 'none', required: 'all' },
        annotations: { readOnlyHint: true },
        title: ['ok'],
      },
      { name: 12345, description: 'a number for a name', inputSchema: 'object' },
      null,
      'just a string',
    ],
    resources: [
      { uri: { href: 'demo://x' }, name: 5, mimeType: 7, size: 'big' },
      { uri: 'demo://fine', name: 'fine', annotations: 'x' },
      5,
    ],
    prompts: [{ name: 'odd', arguments: 'topic' }, { name: ['list'] }, { name: 'args', arguments: [null, 5, { name: 9 }] }],
    probe: (ctx) => {
      sseHead(ctx);
      const odd: unknown[] = [
        { jsonrpc: '2.0', method: 42, params: { marker: 'oddshape1' } },
        { jsonrpc: '2.0', method: 'notifications/message', params: ['oddshape2'] },
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: { high: true }, logger: 9, data: { marker: 'oddshape3' } } },
        { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: { t: 1 }, progress: 'half', marker: 'oddshape4' } },
        { jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri: { marker: 'oddshape5' } } },
        { jsonrpc: '2.0', method: 'notifications/tools/list_changed', params: 'oddshape6' },
        { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'oddshape7 after the odd ones' } },
      ];
      for (const message of odd) ctx.res.write(event(message));
      ctx.res.end(event({ jsonrpc: '2.0', id: ctx.id, result: { content: 'wrong-type result as a string', isError: 'no' } }));
    },
  },
};
