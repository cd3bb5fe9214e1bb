import { describe, expect, it } from 'vitest';

import {
  boundConsoleLine,
  consoleCursor,
  describeExit,
  MAX_CONSOLE_LINE_CHARS,
  readConsoleEvent,
  redactConsoleLine,
} from './relay-console.ts';

describe('redactConsoleLine', () => {
  it.each([
    ['loaded config: API_KEY=sk-live-0123456789', 'loaded config: API_KEY=••••'],
    ['Authorization: Bearer abcdefghijklmnop', 'Authorization: ••••'],
    ['token=abc; next', 'token=••••; next'],
    ['calling https://api.example/v1?api_key=123&q=1', 'calling https://api.example/v1?api_key=••••&q=1'],
    ['{"password":"hunter2"}', '{"password":"•••• (7 chars)"}'],
    ['sent Bearer eyJhbGciOiJIUzI1NiJ9.payload', 'sent Bearer ••••'],
    ['listening on port=3000, progress_token=7', 'listening on port=3000, progress_token=7'],
  ])('masks %j', (line, masked) => {
    expect(redactConsoleLine(line)).toBe(masked);
  });
});

describe('the console stream', () => {
  it('reads only events of the right shape, bounded', () => {
    expect(readConsoleEvent({ kind: 'line', seq: 1, time: 2, generation: 1, text: 'x'.repeat(MAX_CONSOLE_LINE_CHARS + 5) })).toMatchObject({
      text: expect.stringMatching(/… \(5 more characters\)$/),
    });
    expect(readConsoleEvent({ kind: 'line', seq: 1, time: 2 })).toBeUndefined();
    expect(readConsoleEvent({ kind: 'exit', seq: 3, time: 2, generation: 1, code: 3 })).toEqual({
      kind: 'exit',
      seq: 3,
      time: 2,
      generation: 1,
      code: 3,
      signal: null,
    });
    expect(readConsoleEvent({ kind: 'spawn', seq: 1, time: 2 })).toBeUndefined();
    expect(readConsoleEvent('line')).toBeUndefined();
    expect(boundConsoleLine('short')).toBe('short');
  });

  it('takes a cursor only from the same run of the relay', () => {
    expect(consoleCursor('abc:12', 'abc')).toBe(12);
    expect(consoleCursor('old:12', 'abc')).toBe(0);
    expect(consoleCursor('abc:-1', 'abc')).toBe(0);
    expect(consoleCursor(undefined, 'abc')).toBe(0);
  });

  it('words an exit as a person reads it', () => {
    expect(describeExit({ code: 3, signal: null })).toBe('The server process exited with code 3');
    expect(describeExit({ code: null, signal: 'SIGTERM' })).toBe('The server process was killed by SIGTERM');
    expect(describeExit({ code: null, signal: null })).toBe('The server process ended');
  });
});
