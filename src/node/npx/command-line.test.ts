import { describe, expect, it } from 'vitest';

import { readCommandLine, USAGE } from './command-line.ts';

describe('the mcp-lens command line', () => {
  it('serves the app without a subcommand, options and all', () => {
    expect(readCommandLine([])).toEqual({ run: 'serve', args: [] });
    expect(readCommandLine(['--port', '8080', '--open'])).toEqual({ run: 'serve', args: ['--port', '8080', '--open'] });
    expect(readCommandLine(['--help'])).toEqual({ run: 'serve', args: ['--help'] });
  });

  it('hands the rest of the line to the relay or the headless client as it is', () => {
    expect(readCommandLine(['relay', '--lens', 'https://lens.example/', '--', 'npx', '-y', 'server', '--port', '1'])).toEqual({
      run: 'relay',
      args: ['--lens', 'https://lens.example/', '--', 'npx', '-y', 'server', '--port', '1'],
    });
    expect(readCommandLine(['cli', '--verbose', 'https://server.example/mcp'])).toEqual({
      run: 'cli',
      args: ['--verbose', 'https://server.example/mcp'],
    });
  });

  it("reads audit as the headless client's audit command", () => {
    expect(readCommandLine(['audit', '--junit', 'out.xml', 'https://server.example/mcp'])).toEqual({
      run: 'cli',
      args: ['audit', '--junit', 'out.xml', 'https://server.example/mcp'],
    });
  });

  it("reads snapshot and diff as the headless client's contract commands", () => {
    expect(readCommandLine(['snapshot', '--out', 'c.json', 'https://server.example/mcp'])).toEqual({
      run: 'cli',
      args: ['snapshot', '--out', 'c.json', 'https://server.example/mcp'],
    });
    expect(readCommandLine(['diff', 'old.json', 'new.json'])).toEqual({ run: 'cli', args: ['diff', 'old.json', 'new.json'] });
  });

  it('reads list as the headless client that calls no tool', () => {
    expect(readCommandLine(['list', 'https://server.example/mcp'])).toEqual({
      run: 'cli',
      args: ['--no-call', 'https://server.example/mcp'],
    });
  });

  it('names an unknown subcommand, an inherited property name included', () => {
    expect(readCommandLine(['frobnicate', 'x'])).toEqual({ run: 'unknown', name: 'frobnicate' });
    expect(readCommandLine(['constructor'])).toEqual({ run: 'unknown', name: 'constructor' });
    expect(readCommandLine(['https://server.example/mcp'])).toEqual({ run: 'unknown', name: 'https://server.example/mcp' });
  });

  it('documents every subcommand and the default port the relay opens', () => {
    for (const word of [
      'npx mcp-lens [options]',
      'mcp-lens relay',
      'mcp-lens cli',
      'mcp-lens list',
      'mcp-lens audit',
      'mcp-lens snapshot',
      'mcp-lens diff',
      '--port',
      '5173',
      '--allow-remote',
    ])
      expect(USAGE).toContain(word);
  });
});
