import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

import { EXIT } from './exit-codes.ts';
import { parseCommandLine, runCommand, usageOf, UsageError, type Command, type CommandIo } from './framework.ts';
import { allowWrites, call, era, flag, header, help, json, serverUrl, timeout } from './options.ts';

const OPTIONS = {
  header,
  era,
  timeout: timeout(30_000, 'each request'),
  json: json('the report'),
  call,
  allowWrites: allowWrites('may change'),
  quiet: flag('--quiet', 'say less'),
  help,
};

function io(): CommandIo & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return { env: {}, out, err, stdout: (t) => out.push(t), stderr: (t) => err.push(t) };
}

/** A subcommand as issue 36 will declare one: options from the vocabulary and a run function. */
const probe: Command<typeof OPTIONS> = {
  invocation: 'mcp-lens probe',
  operands: '<server URL>',
  options: OPTIONS,
  async run({ values, positionals }, { stdout }) {
    stdout(`${serverUrl(positionals)} ${values.era} ${values.timeout}`);
    return EXIT.passed;
  },
};

describe('the command framework', () => {
  it('reads --flag value, --flag=value, repeatable options, positionals and defaults', () => {
    const line = parseCommandLine(OPTIONS, ['--era=2025', '--header', 'A: 1', '--header=B: 2', 'http://x/mcp', '--quiet']);
    expect(line.values).toMatchObject({
      era: 'legacy',
      header: [
        { name: 'A', value: '1' },
        { name: 'B', value: '2' },
      ],
      timeout: 30_000,
      quiet: true,
      allowWrites: false,
    });
    expect(line.positionals).toEqual(['http://x/mcp']);
    expect(line.rest).toEqual([]);
  });

  it('hands what follows -- over untouched, only to a command that takes it', () => {
    expect(parseCommandLine(OPTIONS, ['--quiet', '--', 'npx', '--era', 'x'], true).rest).toEqual(['npx', '--era', 'x']);
    expect(() => parseCommandLine(OPTIONS, ['--', 'npx'])).toThrow(/"--" ends the options only/);
  });

  it('reads an old spelling as the new one, with a note that says what it became', () => {
    const line = parseCommandLine(OPTIONS, ['--allow-side-effects', 'http://x/mcp']);
    expect(line.values.allowWrites).toBe(true);
    expect(line.notes).toEqual(['--allow-side-effects is now --allow-writes; read as --allow-writes.']);
  });

  it.each([
    [['--nope'], /^Unknown option --nope\./],
    [['--timeout'], /^--timeout needs a value: --timeout <duration>\./],
    [['--quiet=yes'], /^--quiet takes no value\./],
    [['--timeout', '30'], /not a duration/],
  ])('refuses %j with one usage error that says what to do', (argv, message) => {
    expect(() => parseCommandLine(OPTIONS, argv)).toThrow(UsageError);
    expect(() => parseCommandLine(OPTIONS, argv)).toThrow(message);
  });

  it('runs a declared command: 0 and its output; 2 and the problem on stderr for a usage error, nothing run', async () => {
    const ok = io();
    expect(await runCommand(probe, ['--timeout', '2s', 'http://x/mcp'], ok)).toBe(EXIT.passed);
    expect(ok.out).toEqual(['http://x/mcp auto 2000']);

    const bad = io();
    expect(await runCommand(probe, ['--era', 'soon', 'http://x/mcp'], bad)).toBe(EXIT.usage);
    expect(bad.out).toEqual([]);
    expect(bad.err).toEqual(['--era takes auto, 2026-07-28 or 2025; got "soon".']);

    // A usage error the run function finds (no URL) is the same error and the same exit code.
    const none = io();
    expect(await runCommand(probe, [], none)).toBe(EXIT.usage);
    expect(none.err[0]).toMatch(/^Give the server URL/);
  });

  it('prints --help on stdout with exit 0, one line or more per option', async () => {
    const asked = io();
    expect(await runCommand(probe, ['--quiet', '-h'], asked)).toBe(EXIT.passed);
    expect(asked.out).toEqual([usageOf(probe)]);
    expect(asked.out[0]).toMatch(/^Usage: mcp-lens probe \[options\] <server URL>/);
    for (const spec of Object.values(OPTIONS)) expect(asked.out[0]).toContain(spec.flag);
    expect(asked.out[0]).toContain('--json <file|->');
  });
});

describe('the option vocabulary', () => {
  it('--json takes a file or -, and bare (before a URL, or last) means stdout', () => {
    const read = (argv: string[]) => parseCommandLine(OPTIONS, argv).values.json;
    expect(read(['--json', 'r.json', 'http://x/mcp'])).toEqual({ to: 'file', path: 'r.json' });
    expect(read(['--json', '-', 'http://x/mcp'])).toEqual({ to: 'stdout' });
    expect(read(['--json', 'https://x/mcp'])).toEqual({ to: 'stdout' });
    expect(read(['http://x/mcp', '--json'])).toEqual({ to: 'stdout' });
    expect(read(['--json', '--quiet', 'http://x/mcp'])).toEqual({ to: 'stdout' });
    expect(read(['http://x/mcp'])).toBeUndefined();
  });

  it('--call takes names, comma lists and name={json}, each tool once', () => {
    const read = (argv: string[]) => parseCommandLine(OPTIONS, argv).values.call;
    expect(read(['--call', 'a,b', '--call', 'echo={"m":"a=b,c"}', '--call', 'a'])).toEqual([
      { name: 'a' },
      { name: 'b' },
      { name: 'echo', arguments: { m: 'a=b,c' } },
    ]);
    expect(() => read(['--call', '={}'])).toThrow(/takes a tool name/);
    expect(() => read(['--call', 'echo={m'])).toThrow(/not JSON/);
    expect(() => read(['--call', 'echo=[1]'])).toThrow(/must be a JSON object/);
  });

  it('--era reads each name of each era; --header keeps colons in the value', () => {
    const eraOf = (raw: string) => parseCommandLine(OPTIONS, ['--era', raw]).values.era;
    expect(['auto', '2026-07-28', 'modern', '2025', 'legacy'].map(eraOf)).toEqual(['auto', 'modern', 'modern', 'legacy', 'legacy']);
    expect(parseCommandLine(OPTIONS, ['--header', 'Authorization: Bearer a:b']).values.header).toEqual([
      { name: 'Authorization', value: 'Bearer a:b' },
    ]);
    expect(() => parseCommandLine(OPTIONS, ['--header', ': x'])).toThrow(/--header takes "Name: value"/);
  });

  it('--timeout needs a unit and stays between 1 s and 24 h', () => {
    const read = (raw: string) => parseCommandLine(OPTIONS, ['--timeout', raw]).values.timeout;
    expect(read('1.5s')).toBe(1_500);
    expect(() => read('500ms')).toThrow(/out of range/);
    expect(() => read('25h')).toThrow(/out of range/);
  });

  it('each shared flag is declared once, in options.ts: no command spells its own', () => {
    const node = fileURLToPath(new URL('..', import.meta.url));
    const shared = /['"`]--(header|era|timeout|deadline|json|junit|call|allow-writes)['"`]/;
    const own = (readdirSync(node, { recursive: true }) as string[])
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && file !== join('command', 'options.ts'))
      .filter((file) => shared.test(readFileSync(join(node, file), 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '')));
    expect(own).toEqual([]);
  });

  it('serverUrl takes one http(s) URL', () => {
    expect(serverUrl(['https://x/mcp'])).toBe('https://x/mcp');
    expect(() => serverUrl(['a', 'b'])).toThrow(/Give one server URL/);
    expect(() => serverUrl(['file:///etc/passwd'])).toThrow(/not an http\(s\) URL/);
  });
});
