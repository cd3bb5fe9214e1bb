/**
 * Crafted session files: wrong types anywhere open with what is wrong left out and noted, and sizes past the
 * bounds are cut with visible markers. The values are the red team's, and their kind is the point: any
 * field, any wrong type.
 */
import { describe, expect, it } from 'vitest';
import { parseSessionFile, sessionFileParts, type SessionData } from './session-file.ts';
import { SESSION_FILE_BOUNDS } from './session-file-schema.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a crafted file may have any shape anywhere; that is the point
type Crafted = any;

const message = (seq: number, extra: Record<string, unknown> = {}) => ({
  id: `m${seq}`,
  type: 'message',
  entry: {
    seq,
    time: 1000 + seq,
    direction: 'in',
    kind: 'response',
    rpcId: seq,
    message: { jsonrpc: '2.0', id: seq, result: {} },
    ...extra,
  },
});

const valid = (): Record<string, unknown> => {
  const data: SessionData = {
    connection: { url: 'https://example.com/mcp', transport: 'auto', headerNames: ['X-Api-Key'] },
    server: {
      url: 'https://example.com/mcp',
      transport: 'streamable-http',
      era: 'legacy',
      eraReason: 'Pinned.',
      protocolVersion: '2025-11-25',
      server: { name: 'demo', version: '1', icons: [{ src: 'https://example.com/icon.png' }] },
      capabilities: { tools: {} },
    },
    log: { evicted: 0, items: [] },
    http: {
      evicted: 0,
      exchanges: [{ seq: 0, time: 1, method: 'POST', url: 'https://example.com/mcp', requestHeaders: [], durationMs: 1 }],
    },
    results: [
      { time: 1, tool: 'echo', arguments: {}, outcome: { content: [{ type: 'text', text: 'hi' }], isError: false, durationMs: 1 } },
    ],
    lists: { 'tools/list': { pages: 1, items: [{ name: 'echo', inputSchema: { type: 'object' } }] } },
  };
  return JSON.parse([...sessionFileParts(data, { savedAt: new Date(0), appVersion: 'test' })].join('')) as Record<string, unknown>;
};

const open = (file: unknown) => {
  const parsed = parseSessionFile(JSON.stringify(file));
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed;
};

describe('a crafted session file', () => {
  it('opens with every wrong-typed value left out, and notes that say what', () => {
    const file = valid() as Crafted;
    file.connection.url = {};
    file.connection.headerNames = [null, 5, 'X-Ok'];
    file.server.server.name = 42;
    file.server.capabilities = 'all';
    file.http.exchanges[0].requestHeaders = [null, 5, ['x-ok', 'v'], ['x-bad', 7]];
    file.http.exchanges.push(5, null);
    file.results[0].outcome.content = 'not a list';
    file.results[0].outcome.outputSchemaErrors = 'not a list either';
    file.results[0].outcome.contentProblems = ['content #1 is "text" without "text"', 7];
    file.results.push(null);
    file.lists['tools/list'].items.push(5, null, 'x');
    file.log.items = [message(1), 5, null, { id: 'x', type: 'message', entry: 'text' }, message(2, { method: {}, rpcId: [] })];

    const { file: opened, notes } = open(file);
    expect(opened.connection).toEqual({ url: '', transport: 'auto', headerNames: ['X-Ok'] });
    expect(opened.server?.server.name).toBe('');
    expect(opened.server?.capabilities).toEqual({});
    expect(opened.http.exchanges).toHaveLength(1);
    expect(opened.http.exchanges[0]?.requestHeaders).toEqual([['x-ok', 'v']]);
    expect(opened.results).toHaveLength(1);
    expect(opened.results[0]?.outcome?.content).toEqual([]);
    expect(opened.results[0]?.outcome?.outputSchemaErrors).toEqual([]);
    // A saved result keeps what broke it, so it opens judged as it was (shared/tool-verdict.ts).
    expect(opened.results[0]?.outcome?.contentProblems).toEqual(['content #1 is "text" without "text"']);
    expect(opened.lists?.['tools/list']?.items).toHaveLength(1);
    const messages = opened.log.items.filter((item) => item.type === 'message');
    expect(messages.map((item) => item.id)).toEqual(['m1', 'm2']);
    // A wrong-typed optional field is dropped, the entry kept.
    expect(messages[1]?.type === 'message' && messages[1].entry).not.toHaveProperty('method');
    expect(notes).toEqual(
      expect.arrayContaining([
        'This file had 1 connection URLs that were not text; left out.',
        'This file had 3 log items of the wrong shape; left out.',
        'This file had 2 HTTP exchanges of the wrong shape; left out.',
        'This file had 3 tools/list entries of the wrong shape; left out.',
        'This file had 1 content blocks (not a list); left out.',
      ]),
    );
    // The notes lead the opened log, where the person looks.
    expect(opened.log.items.slice(0, notes.length).every((item) => item.type === 'note' && item.level === 'warning')).toBe(true);
  });

  it("keeps a message's origin, so a replay shows its pills; an origin of the wrong shape is dropped", () => {
    const file = valid() as Crafted;
    file.log = {
      evicted: 0,
      items: [
        message(1, { origin: { feature: 'audit', id: 'session-id-not-ascii', probe: true } }),
        message(2, { origin: { feature: 'resend', id: 'resend-1', job: 'resend-1', fromSeq: 1, fromId: 7, edited: true } }),
        message(3, { origin: { feature: 'job', id: 'tool-x-1' } }),
        message(4, { origin: { feature: 'audit', id: { not: 'text' } } }),
        message(5, { origin: { feature: 'unknown', id: 'x' } }),
        message(6, { origin: { feature: 'resend', id: 'resend-2' } }),
      ],
    };
    const entries = open(file).file.log.items.flatMap((item) => (item.type === 'message' ? [item.entry] : []));
    expect(entries.map((entry) => entry.origin)).toEqual([
      { feature: 'audit', id: 'session-id-not-ascii', probe: true },
      { feature: 'resend', id: 'resend-1', job: 'resend-1', fromSeq: 1, fromId: 7, edited: true },
      { feature: 'job', id: 'tool-x-1' },
      undefined,
      undefined,
      undefined,
    ]);
    expect(entries[3]).not.toHaveProperty('origin');
  });

  it('reads the marks of a file written before entries had an origin as the origin they were', () => {
    const file = valid() as Crafted;
    file.log = {
      evicted: 0,
      items: [
        message(1, { audit: 'session-id-not-ascii', auditProbe: true }),
        message(2, { audit: 'tools-list' }),
        message(3, { viaApp: 'ui://sales/chart' }),
        message(4, { resent: { fromSeq: 3, fromId: 'a', edited: false } }),
        message(5, { audit: { not: 'text' }, auditProbe: 'yes' }),
      ],
    };
    const entries = open(file).file.log.items.flatMap((item) => (item.type === 'message' ? [item.entry] : []));
    expect(entries.map((entry) => entry.origin)).toEqual([
      { feature: 'audit', id: 'session-id-not-ascii', probe: true },
      { feature: 'audit', id: 'tools-list' },
      { feature: 'apps', id: 'ui://sales/chart' },
      { feature: 'resend', id: '3', fromSeq: 3, fromId: 'a', edited: false },
      undefined,
    ]);
    for (const entry of entries) for (const old of ['audit', 'auditProbe', 'viaApp', 'resent']) expect(entry).not.toHaveProperty(old);
  });

  it('still refuses what is not a session file, or a newer one, with an error that says so', () => {
    expect(parseSessionFile('[]')).toMatchObject({ ok: false, error: expect.stringMatching(/not an MCP Lens session file/) });
    expect(parseSessionFile(JSON.stringify({ ...valid(), version: '2' }))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/version/),
    });
  });

  it('bounds a huge file: 50,000 messages, 5,000 tools, a 500 KB name and an 8 MB note open cut, with markers', () => {
    const file = valid() as Crafted;
    const longName = 'n'.repeat(500 * 1024);
    file.server.server.name = longName;
    file.lists['tools/list'].items = Array.from({ length: 5000 }, (_, index) => ({
      name: index === 0 ? longName : `tool-${index}`,
      inputSchema: {},
    }));
    file.log.items = [
      { id: 'big-note', type: 'note', seq: 1, time: 1, level: 'info', text: 'x'.repeat(8 * 1024 * 1024) },
      ...Array.from({ length: 50_000 }, (_, index) => message(index + 1)),
    ];
    const { file: opened, notes } = open(file);
    expect(opened.server?.server.name.length).toBeLessThan(SESSION_FILE_BOUNDS.maxNameLength + 100);
    expect(opened.server?.server.name).toMatch(/…\[truncated \d+ chars\]$/);
    expect(opened.lists?.['tools/list']?.items).toHaveLength(5000);
    expect(JSON.stringify(opened.lists?.['tools/list']?.items[0]).length).toBeLessThan(SESSION_FILE_BOUNDS.maxNameLength + 200);
    const note = opened.log.items.find((item) => item.id === 'big-note');
    expect(note?.type === 'note' && note.text.length).toBeLessThanOrEqual(SESSION_FILE_BOUNDS.maxNoteLength + 40);
    expect(notes.some((text) => /overlong texts were cut/.test(text))).toBe(true);
  });

  it('keeps at most the bounded number of log items, and says how many it left out', () => {
    const file = valid() as Crafted;
    file.log.items = Array.from({ length: 30 }, (_, index) => message(index + 1));
    const parsed = parseSessionFile(JSON.stringify(file), { ...SESSION_FILE_BOUNDS, maxLogItems: 20 });
    expect(parsed.ok && parsed.file.log.items.filter((item) => item.type === 'message')).toHaveLength(20);
    expect(parsed.ok && parsed.notes).toContain('This file had 10 log items beyond the first 20; left out.');
  });
});
