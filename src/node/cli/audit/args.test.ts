import { describe, expect, it } from 'vitest';
import { HelpRequested, UsageError } from '../../command/framework.ts';
import { AUDIT_USAGE, parseAuditArgs } from './args.ts';

describe('parseAuditArgs', () => {
  it('reads the URL and every option', () => {
    expect(
      parseAuditArgs([
        '--junit',
        'out.xml',
        '--json',
        'out.json',
        '--checks',
        'ping, tools-list',
        '--era',
        '2026-07-28',
        '--header',
        'Authorization: Bearer a:b',
        '--allow-writes',
        '--timeout',
        '5s',
        '--deadline',
        '2m',
        '--call',
        'echo',
        '--call',
        'add={"a":1}',
        'http://127.0.0.1:3001/mcp',
      ]),
    ).toEqual({
      url: 'http://127.0.0.1:3001/mcp',
      junit: 'out.xml',
      json: { to: 'file', path: 'out.json' },
      checks: ['ping', 'tools-list'],
      era: 'modern',
      headers: [{ name: 'Authorization', value: 'Bearer a:b' }],
      allowWrites: true,
      requestTimeoutMs: 5000,
      deadlineMs: 120_000,
      calls: [{ name: 'echo' }, { name: 'add', arguments: { a: 1 } }],
    });
    expect(parseAuditArgs(['http://x/mcp'])).toEqual({ url: 'http://x/mcp', era: 'auto', headers: [], allowWrites: false, calls: [] });
    expect(parseAuditArgs(['--json', '-', 'http://x/mcp']).json).toEqual({ to: 'stdout' });
  });

  it('reads --allow-destructive and --allow-side-effects, the old consent flags, as --allow-writes', () => {
    expect(parseAuditArgs(['--allow-destructive', 'http://x/mcp']).allowWrites).toBe(true);
    expect(parseAuditArgs(['--allow-side-effects', 'http://x/mcp']).allowWrites).toBe(true);
  });

  it.each([
    [[], /Give the server URL/],
    [['http://a/mcp', 'http://b/mcp'], /Give one server URL/],
    [['--verbose', 'http://a/mcp'], /Unknown option --verbose/],
    [['--junit', '--json', 'x', 'http://a/mcp'], /--junit needs a value/],
    [['--era', '2024', 'http://a/mcp'], /--era takes auto, 2026-07-28 or 2025/],
    [['--timeout', '5000', 'http://a/mcp'], /--timeout "5000" is not a duration/],
    [['--header', 'nocolon', 'http://a/mcp'], /--header takes "Name: value"; got "nocolon"/],
    [['--call', 'echo={', 'http://a/mcp'], /--call echo: the arguments/],
    [['not a url'], /is not a URL/],
  ])('refuses %j, saying what to type instead', (argv, message) => {
    expect(() => parseAuditArgs(argv)).toThrow(UsageError);
    expect(() => parseAuditArgs(argv)).toThrow(message);
  });

  it('--help is not an error, and the usage names every option and the one exit-code table', () => {
    expect(() => parseAuditArgs(['--help'])).toThrow(HelpRequested);
    for (const flag of ['--header', '--era', '--timeout', '--deadline', '--json', '--junit', '--checks', '--call', '--allow-writes'])
      expect(AUDIT_USAGE).toContain(flag);
    expect(AUDIT_USAGE).toMatch(/^ {2}4 {2}/m);
  });
});
