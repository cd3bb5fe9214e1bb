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

  it("reads the headless client's subcommands by their own word, as cli <word> reads them", () => {
    for (const word of ['smoke', 'call', 'read', 'prompt', 'list', 'send', 'snapshot', 'diff', 'test'])
      expect(readCommandLine([word, 'x', 'https://server.example/mcp'])).toEqual({
        run: 'cli',
        args: [word, 'x', 'https://server.example/mcp'],
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
      'mcp-lens call',
      'mcp-lens read',
      'mcp-lens prompt',
      'mcp-lens send',
      'mcp-lens audit',
      'mcp-lens snapshot',
      'mcp-lens diff',
      'mcp-lens test',
      '--port',
      '5173',
      '--allow-remote',
    ])
      expect(USAGE).toContain(word);
  });
});
