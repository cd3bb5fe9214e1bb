import { describe, expect, it } from 'vitest';
import { parseSessionFile, sessionFileParts, SESSION_FILE_VERSION, type SessionData } from './session-file.ts';

/** Format 2: list snapshots and HTTP bodies; format 1 files still open. */
const data = (): SessionData => ({
  connection: { url: 'http://127.0.0.1/mcp', transport: 'auto', headerNames: [] },
  server: null,
  log: { evicted: 0, items: [] },
  http: {
    evicted: 0,
    exchanges: [
      {
        seq: 1,
        time: 1,
        method: 'POST',
        url: 'http://127.0.0.1/mcp',
        requestHeaders: [],
        durationMs: 2,
        requestBody: { text: '{"jsonrpc":"2.0"}', size: 17 },
        responseBody: { text: '{"broken', size: 900_000, truncated: true },
      },
    ],
  },
  results: [],
  lists: { 'tools/list': { pages: 2, items: [{ name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }] } },
});

const save = (session: SessionData, chunk?: number) =>
  [...sessionFileParts(session, { savedAt: new Date(0), appVersion: 'test' }, chunk)].join('');

describe('session file format 2', () => {
  it('round-trips list snapshots and wire bodies, exchanges written in parts', () => {
    const session = data();
    const first = session.http.exchanges[0]!;
    session.http.exchanges.push({ ...first, seq: 2 }, { ...first, seq: 3, requestBody: { text: '{"token":"abc"}', size: 15 } });
    const parsed = parseSessionFile(save(session, 20));
    if (!parsed.ok) throw new Error(parsed.error);
    expect(parsed.file.http.exchanges.map((exchange) => exchange.seq)).toEqual([1, 2, 3]);
    expect(parsed.file.version).toBe(SESSION_FILE_VERSION);
    expect(SESSION_FILE_VERSION).toBe(2);
    expect(parsed.file.lists?.['tools/list']).toEqual(data().lists!['tools/list']);
    expect(parsed.file.http.exchanges[0]!.responseBody).toEqual({ text: '{"broken', size: 900_000, truncated: true });
  });

  it('opens a version 1 file, which has neither lists nor bodies', () => {
    const file = JSON.parse(save(data()));
    file.version = 1;
    delete file.lists;
    delete file.http.exchanges[0].requestBody;
    delete file.http.exchanges[0].responseBody;
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok && parsed.file.lists).toBeUndefined();
  });

  it('leaves out a malformed snapshot or body and says so', () => {
    const lists = JSON.parse(save(data()));
    lists.lists['prompts/list'] = { pages: 1, items: 'nope' };
    const parsedLists = parseSessionFile(JSON.stringify(lists));
    expect(parsedLists).toMatchObject({ ok: true, notes: [expect.stringMatching(/prompts\/list entries \(not a list\); left out/)] });
    expect(parsedLists.ok && parsedLists.file.lists?.['prompts/list']?.items).toEqual([]);
    const body = JSON.parse(save(data()));
    body.http.exchanges[0].responseBody = { text: 5 };
    const parsedBody = parseSessionFile(JSON.stringify(body));
    expect(parsedBody).toMatchObject({ ok: true, notes: [expect.stringMatching(/1 HTTP bodies of the wrong shape; left out/)] });
    expect(parsedBody.ok && parsedBody.file.http.exchanges[0]?.responseBody).toBeUndefined();
  });

  it('refuses a future version, saying which versions this one reads', () => {
    const file = JSON.parse(save(data()));
    file.version = 3;
    expect(parseSessionFile(JSON.stringify(file))).toMatchObject({
      ok: false,
      error: expect.stringMatching(/newer MCP Lens \(format version 3; this one reads version 2\)/),
    });
  });
});
