import { describe, expect, it } from 'vitest';
import { parseAuditArgs } from './args.ts';

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
        '--allow-side-effects',
        '--timeout',
        '5s',
        '--call',
        'echo',
        '--call',
        'add={"a":1}',
        '--allow-destructive',
        'http://127.0.0.1:3001/mcp',
      ]),
    ).toEqual({
      ok: true,
      args: {
        url: 'http://127.0.0.1:3001/mcp',
        junit: 'out.xml',
        json: 'out.json',
        checks: ['ping', 'tools-list'],
        era: 'modern',
        headers: [{ name: 'Authorization', value: 'Bearer a:b' }],
        allowSideEffects: true,
        requestTimeoutMs: 5000,
        calls: [{ name: 'echo' }, { name: 'add', arguments: { a: 1 } }],
        allowDestructive: true,
      },
    });
    expect(parseAuditArgs(['http://x/mcp'])).toMatchObject({
      ok: true,
      args: { era: 'auto', headers: [], allowSideEffects: false, calls: [], allowDestructive: false },
    });
  });

  it('says what is wrong: no URL, two URLs, an unknown option, a missing value, a bad era or timeout', () => {
    expect(parseAuditArgs([])).toEqual({ ok: false, help: false, problem: 'Give the server URL to audit.' });
    expect(parseAuditArgs(['a', 'b'])).toMatchObject({ problem: 'Give one server URL.' });
    expect(parseAuditArgs(['--verbose', 'a'])).toMatchObject({ problem: 'Unknown option --verbose.' });
    expect(parseAuditArgs(['--junit', '--json', 'x', 'a'])).toMatchObject({ problem: '--junit needs a value.' });
    expect(parseAuditArgs(['--era', '2024', 'a'])).toMatchObject({ problem: '--era takes auto, 2026-07-28 or 2025.' });
    expect(parseAuditArgs(['--timeout', '5000', 'a'])).toMatchObject({
      problem: '--timeout takes a duration between 1s and 10m, e.g. 30s.',
    });
    expect(parseAuditArgs(['--header', 'nocolon', 'a'])).toMatchObject({ problem: '--header takes "Name: value"; got "nocolon".' });
    expect(parseAuditArgs(['--call', 'echo={', 'a'])).toMatchObject({ problem: expect.stringContaining('--call echo: the arguments') });
    expect(parseAuditArgs(['--help'])).toEqual({ ok: false, help: true });
  });
});
