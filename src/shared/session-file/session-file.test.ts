import { describe, expect, it } from 'vitest';
import type { SessionData } from './session-file.ts';
import { redactUrl } from '../redact.ts';
import { parseSessionFile, SESSION_FILE_VERSION, sessionFileParts } from './session-file.ts';

const data = (count = 3): SessionData => ({
  connection: { url: 'https://user:pw@example.com/mcp?api_key=abc&mode=x', transport: 'auto', headerNames: ['Authorization'] },
  server: {
    url: 'https://example.com/mcp?token=t',
    transport: 'streamable-http',
    era: 'legacy',
    eraReason: 'Pinned to 2025-11-25 and older.',
    protocolVersion: '2025-11-25',
    sessionId: 's-1',
    server: { name: 'demo', version: '1.0.0', icons: [] },
    capabilities: { tools: {} },
  },
  log: {
    evicted: 7,
    items: [
      ...Array.from({ length: count }, (_, index) => ({
        id: `m${index + 1}`,
        type: 'message' as const,
        entry: {
          seq: index + 1,
          time: 1000 + index,
          direction: 'in' as const,
          kind: 'notification' as const,
          method: 'notifications/message',
          httpSeq: 0,
          message: { jsonrpc: '2.0', method: 'notifications/message', params: { data: `n${index}`, access_token: 'secret-value' } },
        },
      })),
      { id: 'n1', type: 'note' as const, seq: 1, time: 5, level: 'info' as const, text: 'hello' },
    ],
  },
  http: {
    evicted: 0,
    exchanges: [
      {
        seq: 0,
        time: 1,
        method: 'POST',
        url: 'https://example.com/mcp?token=t',
        requestHeaders: [['authorization', 'Bearer •••• (9 chars)']],
        durationMs: 3,
      },
    ],
  },
  results: [
    {
      time: 9,
      tool: 'echo',
      arguments: { message: 'hi', password: 'hunter2' },
      outcome: { content: [{ type: 'text', text: 'hi' }], isError: false, durationMs: 4 },
    },
  ],
});

const save = (session: SessionData, chunk?: number) =>
  [...sessionFileParts(session, { savedAt: new Date('2026-01-02T03:04:05Z'), appVersion: '0.1.0' }, chunk)].join('');

describe('session files', () => {
  it('round-trips a session, split across parts', () => {
    const parsed = parseSessionFile(save(data(5), 2));
    if (!parsed.ok) throw new Error(parsed.error);
    const { file } = parsed;
    expect(file.version).toBe(SESSION_FILE_VERSION);
    expect(file.savedAt).toBe('2026-01-02T03:04:05.000Z');
    expect(file.log.items).toHaveLength(6);
    expect(file.log.evicted).toBe(7);
    expect(file.log.items[5]).toEqual({ id: 'n1', type: 'note', seq: 1, time: 5, level: 'info', text: 'hello' });
    expect(file.http.exchanges).toHaveLength(1);
    expect(file.results[0]!.tool).toBe('echo');
    expect(file.server?.server.name).toBe('demo');
    expect(file.connection.headerNames).toEqual(['Authorization']);
  });

  it('redacts what it saves: URL credentials and secret parameters, secret JSON fields, no header values', () => {
    const text = save(data());
    expect(text).not.toContain('secret-value');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('user:pw');
    expect(text).not.toContain('api_key=abc');
    expect(text).not.toContain('token=t');
    expect(text).toContain('mode=x');
    expect(redactUrl('not a url')).toBe('not a url');
  });

  it('saves an empty log', () => {
    const session = data(0);
    session.log.items = [];
    const parsed = parseSessionFile(save(session));
    expect(parsed.ok && parsed.file.log.items).toEqual([]);
  });

  it('refuses a file from a newer version with a clear error', () => {
    const file = JSON.parse(save(data()));
    file.version = SESSION_FILE_VERSION + 1;
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error).toMatch(/newer MCP Lens.*Update MCP Lens/);
  });

  it('refuses something that is not a session file', () => {
    const parsed = parseSessionFile(JSON.stringify({ log: { entries: [] } }));
    expect(!parsed.ok && parsed.error).toMatch(/not an MCP Lens session file/);
  });

  it('refuses truncated files and leaves out what is damaged, saying what', () => {
    const text = save(data());
    const truncated = parseSessionFile(text.slice(0, text.length - 40));
    expect(!truncated.ok && truncated.error).toMatch(/not valid JSON.*truncated/);

    const file = JSON.parse(text);
    file.log.items[1].entry.direction = 'sideways';
    const damaged = parseSessionFile(JSON.stringify(file));
    expect(damaged.ok && damaged.notes).toEqual(['This file had 1 log items of the wrong shape; left out.']);
    // The note leads the opened log, so the person sees it where the message would have been.
    expect(damaged.ok && damaged.file.log.items[0]).toMatchObject({ type: 'note', level: 'warning', text: damaged.ok && damaged.notes[0] });

    const noVersion = JSON.parse(text);
    delete noVersion.version;
    expect(parseSessionFile(JSON.stringify(noVersion)).ok).toBe(false);
  });
});
