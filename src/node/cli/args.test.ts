import { describe, expect, it } from 'vitest';
import { HelpRequested, UsageError } from '../command/framework.ts';
import { DEFAULT_DEADLINE_MS, DEFAULT_TIMEOUT_MS, parseCliArgs, USAGE } from './args.ts';
import { formatDuration, parseDuration } from './duration.ts';
import { EXIT } from '../command/exit-codes.ts';

const URL_ = 'http://127.0.0.1:3001/mcp';

describe('parseCliArgs', () => {
  it('reads only tools marked read-only, 60 s a request and 5 minutes in all, unless told otherwise', () => {
    expect(parseCliArgs([URL_])).toEqual({
      url: URL_,
      headers: [],
      era: 'auto',
      verbose: false,
      callTools: true,
      allowWrites: false,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      deadlineMs: DEFAULT_DEADLINE_MS,
    });
    expect([DEFAULT_TIMEOUT_MS, DEFAULT_DEADLINE_MS]).toEqual([60_000, 300_000]);
  });

  it('takes every flag, and --call as comma lists, repeatable, duplicates once', () => {
    const options = parseCliArgs([
      '--timeout',
      '1.5s',
      '--deadline=2m',
      '--json',
      'out.json',
      '--header',
      'Authorization: Bearer a:b',
      '--era',
      '2025',
      '--verbose',
      '--allow-writes',
      '--call',
      'a,b',
      '--call',
      'b, c',
      '--call',
      'd={"x":1}',
      URL_,
    ]);
    expect(options).toMatchObject({
      timeoutMs: 1_500,
      deadlineMs: 120_000,
      json: { to: 'file', path: 'out.json' },
      headers: [{ name: 'Authorization', value: 'Bearer a:b' }],
      era: 'legacy',
      verbose: true,
      allowWrites: true,
      only: [{ name: 'a' }, { name: 'b' }, { name: 'c' }, { name: 'd', arguments: { x: 1 } }],
    });
    expect(parseCliArgs(['--no-call', URL_]).callTools).toBe(false);
  });

  it("reads the old spellings: a bare --json is stdout, and the audit's consent flags are --allow-writes", () => {
    expect(parseCliArgs(['--json', URL_]).json).toEqual({ to: 'stdout' });
    expect(parseCliArgs([URL_, '--json']).json).toEqual({ to: 'stdout' });
    expect(parseCliArgs(['--json', '-', URL_]).json).toEqual({ to: 'stdout' });
    expect(parseCliArgs(['--allow-destructive', URL_]).allowWrites).toBe(true);
  });

  it.each([
    [['--timeout', '30', URL_], /--timeout "30" is not a duration/],
    [['--deadline', 'soon', URL_], /--deadline "soon" is not a duration/],
    [['--timeout', '500ms', URL_], /--timeout 500ms is out of range/],
    [['--deadline', '2d', URL_], /not a duration/],
    [['--call', 'a,,b', URL_], /--call takes a tool name/],
    [['--call', 'a', '--no-call', URL_], /contradict/],
    [['--bogus', URL_], /Unknown option --bogus/],
    [['--era', '2024', URL_], /--era takes auto, 2026-07-28 or 2025/],
    [['--header', 'nocolon', URL_], /--header takes "Name: value"/],
    [[], /Give the server URL/],
    [[URL_, URL_], /Give one server URL/],
    [['not a url'], /is not a URL/],
    [['file:///etc/passwd'], /is not an http\(s\) URL/],
  ])('refuses %j, saying what to type instead', (argv, message) => {
    expect(() => parseCliArgs(argv)).toThrow(UsageError);
    expect(() => parseCliArgs(argv)).toThrow(message);
  });

  it('--help is not an error, and its text documents every flag, the defaults and every exit code', () => {
    expect(() => parseCliArgs(['--help'])).toThrow(HelpRequested);
    for (const flag of ['--header', '--era', '--timeout', '--deadline', '--allow-writes', '--call', '--no-call', '--json', '--verbose'])
      expect(USAGE).toContain(flag);
    expect(USAGE).toContain('default 1 m');
    expect(USAGE).toContain('default 5 m');
    for (const code of Object.values(EXIT)) expect(USAGE).toMatch(new RegExp(`^  ${code}  `, 'm'));
  });
});

describe('durations', () => {
  it('parses a number with a unit and nothing else', () => {
    expect(['250ms', '30s', '1.5s', '5m', '1h'].map(parseDuration)).toEqual([250, 30_000, 1_500, 300_000, 3_600_000]);
    expect(['30', '', 's', '-1s', '1 s s', '1e3s'].map(parseDuration)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('prints them back the way a person says them', () => {
    expect([250, 1_000, 1_500, 59_000, 90_000, 300_000, 3_600_000].map(formatDuration)).toEqual([
      '250 ms',
      '1 s',
      '1.5 s',
      '59 s',
      '90 s',
      '5 m',
      '1 h',
    ]);
  });
});
