import { describe, expect, it } from 'vitest';

import { parseSessionFile, sessionFileParts, type SessionData } from './session-file.ts';

const session = (extra: Partial<SessionData> = {}): SessionData => ({
  connection: { url: 'http://127.0.0.1:41234/mcp', transport: 'auto', headerNames: ['Lens-Relay-Token'] },
  server: null,
  log: { evicted: 0, items: [] },
  http: { evicted: 0, exchanges: [] },
  results: [],
  ...extra,
});

const write = (data: SessionData) =>
  [...sessionFileParts(data, { savedAt: new Date('2026-12-07T12:00:00Z'), appVersion: '0.1.0' })].join('');

describe('the console in a session file', () => {
  it('is kept, masked again on the way out, and read back', () => {
    const text = write(
      session({
        console: {
          dropped: 12,
          lines: [
            { key: 'r:1', time: 1, kind: 'start', text: 'The server process started.' },
            // A line saved before a masking rule existed is masked on the way out.
            { key: 'r:2', time: 2, kind: 'line', text: 'token=abc123 loaded' },
            { key: 'r:3', time: 3, kind: 'exit', text: 'The server process exited with code 3.' },
          ],
        },
      }),
    );
    expect(text).not.toContain('abc123');
    const parsed = parseSessionFile(text);
    expect(parsed.ok && parsed.file.console).toEqual({
      dropped: 12,
      lines: [
        { key: 'r:1', time: 1, kind: 'start', text: 'The server process started.' },
        { key: 'r:2', time: 2, kind: 'line', text: 'token=•••• loaded' },
        { key: 'r:3', time: 3, kind: 'exit', text: 'The server process exited with code 3.' },
      ],
    });
  });

  it('is absent from a file with no console, and a file saved before it still opens', () => {
    const text = write(session());
    expect(JSON.parse(text)).not.toHaveProperty('console');
    const parsed = parseSessionFile(text);
    expect(parsed.ok).toBe(true);
    expect(parsed.ok && parsed.file.console).toBeUndefined();
  });

  it('leaves out lines of the wrong shape and says so', () => {
    const file = JSON.parse(write(session()));
    file.console = {
      dropped: -4,
      lines: [{ key: 'r:1', time: 1, kind: 'line', text: 'kept' }, { key: 'r:2', kind: 'html', text: '<b>' }, 'x'],
    };
    const parsed = parseSessionFile(JSON.stringify(file));
    expect(parsed.ok && parsed.file.console).toEqual({ dropped: 0, lines: [{ key: 'r:1', time: 1, kind: 'line', text: 'kept' }] });
    expect(parsed.ok && parsed.notes.join(' ')).toContain('console lines');
  });
});
