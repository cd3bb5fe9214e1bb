import { describe, expect, it } from 'vitest';

import { HelpRequested, UsageError } from '../command/framework.ts';
import { parseRelayArgs, USAGE } from './args.ts';

describe('parseRelayArgs', () => {
  it('takes one server URL, without its fragment', () => {
    const options = parseRelayArgs(['--port', '4000', 'https://server.example/mcp?x=1#frag']);
    expect(options.target).toEqual({ kind: 'http', url: new URL('https://server.example/mcp?x=1') });
    expect(options.port).toBe(4000);
    expect(options.lens.href).toBe('http://127.0.0.1:5173/');
    expect(options.allowedOrigins).toEqual(['http://127.0.0.1:5173', 'http://localhost:5173']);
  });

  it('takes everything after -- as the command and its arguments, options included', () => {
    const options = parseRelayArgs(['--lens', 'https://lens.example/app/?url=x#y', '--', 'npx', '-y', 'server', '--port', '1']);
    expect(options.target).toEqual({ kind: 'stdio', command: 'npx', args: ['-y', 'server', '--port', '1'] });
    expect(options.lens.href).toBe('https://lens.example/app/');
    expect(options.allowedOrigins).toEqual(['https://lens.example']);
  });

  it('sets -e KEY=VALUE (repeatable, later wins) over its own environment for a stdio server only', () => {
    const options = parseRelayArgs(['-e', 'API_KEY=a=b', '--env', 'DEBUG=', '-e', 'API_KEY=c', '--', 'node', 'server.js']);
    expect(options.target).toEqual({ kind: 'stdio', command: 'node', args: ['server.js'], env: { API_KEY: 'c', DEBUG: '' } });
    expect(() => parseRelayArgs(['-e', 'NOVALUE', '--', 'node'])).toThrow('-e "NOVALUE" is not KEY=VALUE');
    expect(() => parseRelayArgs(['-e', '=x', '--', 'node'])).toThrow('is not KEY=VALUE');
    expect(() => parseRelayArgs(['-e', 'A=1', 'https://s.example/mcp'])).toThrow('-e sets the environment of a stdio server');
  });

  it('adds each --allow-origin to the lens page origin', () => {
    const options = parseRelayArgs([
      '--allow-origin',
      'https://a.example',
      '--allow-origin',
      'https://b.example:8443',
      'https://s.example/mcp',
    ]);
    expect(options.allowedOrigins).toEqual([
      'http://127.0.0.1:5173',
      'http://localhost:5173',
      'https://a.example',
      'https://b.example:8443',
    ]);
  });

  it.each([
    [[], 'Give one server URL'],
    [['https://a.example/mcp', 'https://b.example/mcp'], 'Give one server URL'],
    [['https://a.example/mcp', '--', 'node'], 'not both'],
    [['file:///etc/passwd'], 'not an http(s) URL'],
    [['https://user:pw@a.example/mcp'], 'Put credentials in a header'],
    [['--port', '70000', 'https://a.example/mcp'], 'is not a port'],
    [['--allow-origin', 'https://lens.example/path', 'https://a.example/mcp'], 'has more than an origin'],
    [['--command', 'rm', 'https://a.example/mcp'], 'Unknown option --command'],
  ])('refuses %j, saying what to do', (argv, message) => {
    expect(() => parseRelayArgs(argv)).toThrow(UsageError);
    expect(() => parseRelayArgs(argv)).toThrow(message);
  });

  it('answers --help and -h with the usage, whatever else is on the line', () => {
    for (const argv of [['--help'], ['-h', 'https://a.example/mcp']]) {
      expect(() => parseRelayArgs(argv)).toThrow(HelpRequested);
    }
    // From the sources (as under vitest) it is a clone's command.
    expect(USAGE).toContain('npm run relay -- [options] <server URL> | -- <command> [args…]');
    for (const flag of ['--port <n>', '--lens <url>', '--allow-origin <url>', '-h, --help']) expect(USAGE).toContain(flag);
  });
});
