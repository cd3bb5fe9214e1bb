import { inflateSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { crc32 } from './media.ts';
import { startDemoServer, type RunningDemoServer } from './server.ts';
import { ACCEPT, parseMessages } from './wire-test-helpers.ts';

// Talks to the server with plain fetch, so these tests check the wire format
// itself rather than what an MCP client library makes of it.

const PROTOCOL_VERSION = '2025-11-25';

let server: RunningDemoServer;
let sessionId: string;
let nextId = 1;

async function post(body: unknown, session: string | null = sessionId) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: ACCEPT };
  if (session) {
    headers['Mcp-Session-Id'] = session;
    headers['Mcp-Protocol-Version'] = PROTOCOL_VERSION;
  }
  const response = await fetch(server.url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { response, messages: text ? parseMessages(response.headers.get('content-type'), text) : [] };
}

async function request(method: string, params?: Record<string, unknown>) {
  const id = nextId++;
  const { response, messages } = await post({ jsonrpc: '2.0', id, method, params });
  expect(response.status).toBe(200);
  const reply = messages.find((m) => m.id === id);
  expect(reply?.error).toBeUndefined();
  return { result: reply!.result!, messages };
}

async function callTool(name: string, args: Record<string, unknown> = {}, meta?: Record<string, unknown>) {
  return request('tools/call', { name, arguments: args, ...(meta ? { _meta: meta } : {}) });
}

beforeAll(async () => {
  server = await startDemoServer({ port: 0 });
});

afterAll(async () => {
  await server.close();
});

describe('demo server', () => {
  it('listens on 127.0.0.1 and serves /mcp', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  });

  it('answers a CORS preflight', async () => {
    const response = await fetch(server.url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://127.0.0.1:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type, mcp-session-id, mcp-protocol-version',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const allowed = response.headers.get('access-control-allow-headers')!.toLowerCase();
    const names = allowed.split(/\s*,\s*/);
    // 2025 headers, and the 2026-07-28 ones: Mcp-Method, Mcp-Name and each Mcp-Param-* a tool declares.
    for (const header of [
      'content-type',
      'accept',
      'authorization',
      'mcp-session-id',
      'mcp-protocol-version',
      'last-event-id',
      'mcp-method',
      'mcp-name',
    ]) {
      expect(names).toContain(header);
    }
    expect(names).toEqual(expect.arrayContaining(['mcp-param-region', 'mcp-param-priority', 'mcp-param-express']));
    expect(response.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
  });

  it('refuses requests from pages on origins it does not allow, with 403', async () => {
    const initialize = (origin: string) =>
      fetch(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: ACCEPT, Origin: origin },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: nextId++,
          method: 'initialize',
          params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'vitest', version: '1.0.0' } },
        }),
      });
    const refused = await initialize('https://evil.example');
    expect(refused.status).toBe(403);
    // Readable by the page, and it says how to allow the origin.
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain('--allow-origin https://evil.example');
    expect((await initialize('null')).status).toBe(403);
    // Pages on this machine may, on any port, and so may programs that send no Origin at all.
    for (const origin of ['http://127.0.0.1:5173', 'http://localhost:8080', 'http://[::1]:3000']) {
      const allowed = await initialize(origin);
      expect(allowed.status, origin).toBe(200);
      await fetch(server.url, { method: 'DELETE', headers: { 'Mcp-Session-Id': allowed.headers.get('mcp-session-id')! } });
    }
  });

  it('initializes a session', async () => {
    const { response, messages } = await post(
      {
        jsonrpc: '2.0',
        id: nextId++,
        method: 'initialize',
        params: { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'vitest', version: '1.0.0' } },
      },
      null,
    );
    expect(response.status).toBe(200);
    sessionId = response.headers.get('mcp-session-id')!;
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-expose-headers')).toMatch(/Mcp-Session-Id/i);

    const result = messages[0]!.result!;
    expect(result.protocolVersion).toBe(PROTOCOL_VERSION);
    expect(result.serverInfo).toMatchObject({ name: 'mcp-lens-demo', title: expect.any(String), version: expect.any(String) });
    const info = result.serverInfo as { description: string; websiteUrl: string; icons: { src: string }[] };
    expect(info.description).toBeTruthy();
    expect(info.websiteUrl).toMatch(/^https:/);
    expect(info.icons[0]!.src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(result.instructions).toEqual(expect.any(String));
    expect(result.capabilities).toMatchObject({ logging: {}, tools: { listChanged: true }, resources: {}, prompts: {} });

    const initialized = await post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(initialized.response.status).toBe(202);
  });

  it('lists tools with titles, icons, annotations and schemas', async () => {
    const { result } = await request('tools/list');
    const tools = result.tools as {
      name: string;
      title?: string;
      icons?: unknown[];
      annotations?: { readOnlyHint?: boolean; destructiveHint?: boolean };
      inputSchema: { properties?: Record<string, Record<string, unknown>> };
      outputSchema?: unknown;
    }[];
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'echo',
        'book-meeting',
        'get-forecast',
        'draw-lens',
        'play-tone',
        'find-docs',
        'always-fails',
        'long-running-task',
        'toggle-bonus-tool',
        'clear-notes',
      ]),
    );
    expect(names).not.toContain('roll-dice');
    for (const tool of tools) {
      expect(tool.title).toBeTruthy();
      expect(tool.icons?.length).toBeGreaterThan(0);
    }
    expect(tools.filter((t) => t.annotations?.readOnlyHint).length).toBeGreaterThan(3);
    expect(tools.filter((t) => t.annotations?.destructiveHint).map((t) => t.name)).toEqual(['clear-notes']);
    expect(tools.find((t) => t.name === 'get-forecast')!.outputSchema).toBeTruthy();

    const form = tools.find((t) => t.name === 'book-meeting')!.inputSchema.properties!;
    expect(form.organizerEmail!.format).toBe('email');
    expect(form.date!.format).toBe('date');
    expect(form.agendaUrl!.format).toBe('uri');
    expect(form.durationMinutes).toMatchObject({ type: 'number', minimum: 15, maximum: 240, default: 30 });
    expect(form.attendees!.type).toBe('integer');
    expect(form.remote!.type).toBe('boolean');
    expect(form.room!.enum).toEqual(['Atlas', 'Borealis', 'Cirrus']);
    expect(form.priority!.oneOf).toEqual(expect.arrayContaining([expect.objectContaining({ const: 'high', title: expect.any(String) })]));
    expect(form.host!.type).toBe('object');
    expect(form.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(form.agenda).toMatchObject({ type: 'array', items: { type: 'object' } });
  });

  it('returns a PNG that decodes', async () => {
    const { result } = await callTool('draw-lens', { color: '#ff8800', size: 32 });
    const image = (result.content as { type: string; data: string; mimeType: string }[]).find((c) => c.type === 'image')!;
    expect(image.mimeType).toBe('image/png');
    const png = Buffer.from(image.data, 'base64');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Walk the chunks, checking every CRC, then inflate the image data.
    let offset = 8;
    const chunks: { type: string; data: Buffer }[] = [];
    while (offset < png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('ascii', offset + 4, offset + 8);
      const data = png.subarray(offset + 8, offset + 8 + length);
      expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
      chunks.push({ type, data });
      offset += 12 + length;
    }
    expect(chunks.map((c) => c.type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    const ihdr = chunks[0]!.data;
    expect(ihdr.readUInt32BE(0)).toBe(32);
    expect(ihdr.readUInt32BE(4)).toBe(32);
    expect([ihdr[8], ihdr[9]]).toEqual([8, 6]);
    expect(inflateSync(chunks[1]!.data).length).toBe((1 + 32 * 4) * 32);
  });

  it('returns audio, links, structured content and tool errors', async () => {
    const tone = await callTool('play-tone', { durationMs: 200 });
    const audio = (tone.result.content as { type: string; data: string; mimeType: string }[])[0]!;
    expect(audio).toMatchObject({ type: 'audio', mimeType: 'audio/wav' });
    const wav = Buffer.from(audio.data, 'base64');
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');

    const docs = await callTool('find-docs', { topic: 'tools' });
    expect((docs.result.content as { type: string }[]).map((c) => c.type)).toEqual(['text', 'resource_link', 'resource']);

    const forecast = await callTool('get-forecast', { city: 'Porto', days: 2 });
    expect(forecast.result.structuredContent).toMatchObject({ city: 'Porto', unit: 'celsius' });
    expect((forecast.result.structuredContent as { days: unknown[] }).days).toHaveLength(2);

    const failed = await callTool('always-fails');
    expect(failed.result.isError).toBe(true);
  });

  it('streams log and progress notifications before the result', async () => {
    const { messages } = await callTool('long-running-task', { steps: 3, stepMs: 50 }, { progressToken: 'tok-1' });
    const progress = messages.filter((m) => m.method === 'notifications/progress');
    expect(progress.map((m) => m.params)).toEqual([
      expect.objectContaining({ progressToken: 'tok-1', progress: 1, total: 3 }),
      expect.objectContaining({ progressToken: 'tok-1', progress: 2, total: 3 }),
      expect.objectContaining({ progressToken: 'tok-1', progress: 3, total: 3 }),
    ]);
    expect(messages.filter((m) => m.method === 'notifications/message').length).toBeGreaterThanOrEqual(3);
    expect(messages.at(-1)!.result).toBeDefined();
  });

  it('adds a tool at runtime and announces it on the GET stream', async () => {
    const abort = new AbortController();
    const stream = await fetch(server.url, {
      headers: { Accept: 'text/event-stream', 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': PROTOCOL_VERSION },
      signal: abort.signal,
    });
    expect(stream.status).toBe(200);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    await callTool('toggle-bonus-tool');
    let seen = '';
    while (!seen.includes('notifications/tools/list_changed')) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += value;
    }
    abort.abort();
    expect(seen).toContain('notifications/tools/list_changed');
    const { result } = await request('tools/list');
    expect((result.tools as { name: string }[]).map((t) => t.name)).toContain('roll-dice');
  });

  it('refuses requests without a valid session', async () => {
    const noSession = await post({ jsonrpc: '2.0', id: nextId++, method: 'tools/list' }, null);
    expect(noSession.response.status).toBe(400);
    const unknown = await post({ jsonrpc: '2.0', id: nextId++, method: 'tools/list' }, 'not-a-session');
    expect(unknown.response.status).toBe(404);
  });

  it('ends the session on DELETE', async () => {
    const response = await fetch(server.url, {
      method: 'DELETE',
      headers: { 'Mcp-Session-Id': sessionId, 'Mcp-Protocol-Version': PROTOCOL_VERSION },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const after = await post({ jsonrpc: '2.0', id: nextId++, method: 'tools/list' });
    expect(after.response.status).toBe(404);
  });
});
