import { describe, expect, it } from 'vitest';

import { isLoopbackHost, parseServeArgs } from './serve-args.ts';

describe('the app command line', () => {
  it('listens on 127.0.0.1:5173, the address the relay links to, unless told otherwise', () => {
    expect(parseServeArgs([])).toEqual({ kind: 'serve', options: { port: 5173, host: '127.0.0.1', open: false } });
    expect(parseServeArgs(['--port', '0', '--open'])).toEqual({ kind: 'serve', options: { port: 0, host: '127.0.0.1', open: true } });
  });

  it('answers --help and --version before anything else is checked', () => {
    expect(parseServeArgs(['--help'])).toEqual({ kind: 'help' });
    expect(parseServeArgs(['-h', '--port', 'x'])).toEqual({ kind: 'help' });
    expect(parseServeArgs(['--version'])).toEqual({ kind: 'version' });
  });

  it('takes any name of this machine as --host', () => {
    for (const host of ['127.0.0.1', 'localhost', 'LOCALHOST', '::1']) {
      expect(parseServeArgs(['--host', host])).toMatchObject({ options: { host } });
    }
    expect(parseServeArgs(['--host', '[::1]'])).toMatchObject({ options: { host: '::1' } });
  });

  it('refuses a --host other machines can reach unless --allow-remote says so too', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'lens.example', '127.0.0.2']) {
      expect(isLoopbackHost(host)).toBe(false);
      expect(() => parseServeArgs(['--host', host])).toThrow('add --allow-remote if that is what you want');
      expect(parseServeArgs(['--host', host, '--allow-remote'])).toMatchObject({ kind: 'serve', options: { host } });
    }
  });

  it('takes a stdio server after --, with -e, and opens the app connected to it unless --no-open', () => {
    expect(parseServeArgs(['-e', 'A=1', '--port', '0', '--', 'node', 'server.js', '--port', '9'])).toEqual({
      kind: 'serve',
      options: {
        port: 0,
        host: '127.0.0.1',
        open: true,
        launch: { kind: 'command', command: 'node', args: ['server.js', '--port', '9'], env: { A: '1' } },
      },
    });
    expect(parseServeArgs(['--no-open', '--', 'node'])).toMatchObject({ options: { open: false } });
  });

  it('takes a server of a config file by name', () => {
    expect(parseServeArgs(['--config', '.vscode/mcp.json', '--server', 'api', '--via-relay'])).toMatchObject({
      options: { open: true, launch: { kind: 'config', path: '.vscode/mcp.json', server: 'api', env: {}, viaRelay: true } },
    });
  });

  it('says what a launch is missing or has twice', () => {
    const cases: Array<[string[], string]> = [
      [['--config', 'c.json'], '--config c.json needs --server <name>'],
      [['--server', 'api'], 'give the file with --config <file>'],
      [['-e', 'A=1'], '-e sets the environment of a server to start'],
      [['--config', 'c.json', '--server', 'a', '--', 'node'], 'Give either a command after -- or --config with --server, not both.'],
      [['--via-relay', '--', 'node'], 'a command after -- always runs behind the relay'],
      [['--no-open'], '--no-open is for a server to start'],
      [['--config', ' '], '--config is empty'],
    ];
    for (const [argv, message] of cases) expect(() => parseServeArgs(argv), argv.join(' ')).toThrow(message);
  });

  it('says what is wrong with a command line it will not run', () => {
    const cases: Array<[string[], string]> = [
      [['--port', 'abc'], '--port "abc" is not a port'],
      [['--port', '70000'], 'is not a port'],
      [['--port', ''], 'is not a port'],
      [['--host', ' '], '--host is empty'],
      [
        ['--open', 'https://server.example/mcp'],
        'is not an option of the app. A command (relay, cli, list, audit) comes first; a stdio server to start goes after --.',
      ],
      [['--lens', 'x'], 'Unknown option --lens.'],
    ];
    for (const [argv, message] of cases) expect(() => parseServeArgs(argv), argv.join(' ')).toThrow(message);
  });
});
