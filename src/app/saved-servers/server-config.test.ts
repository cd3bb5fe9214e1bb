import { describe, expect, it } from 'vitest';
import { MAX_CONFIG_CHARS, MAX_CONFIG_ENTRIES, parseServerConfig, stdioRelayAdvice } from './server-config.ts';
import { shellWord } from '../../shared/shell.ts';
import { exportSnippets, placeholderFor } from './server-export.ts';

const claudeDesktop = {
  mcpServers: {
    filesystem: {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/My Files'],
      env: { API_KEY: 'sk-env-secret' },
    },
    remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer sk-planted-secret' } },
    legacy: { type: 'sse', url: 'https://old.example.com/sse' },
  },
};

describe('parseServerConfig', () => {
  it('reads mcpServers: remote entries as servers with header names only, stdio entries with their command', () => {
    const parsed = parseServerConfig(JSON.stringify(claudeDesktop));
    expect(parsed.servers).toEqual([
      { name: 'remote', url: 'https://mcp.example.com/mcp', transport: 'streamable-http', headerNames: ['Authorization'] },
      { name: 'legacy', url: 'https://old.example.com/sse', transport: 'sse', headerNames: [] },
    ]);
    expect(parsed.stdio).toEqual([
      {
        name: 'filesystem',
        command: 'npx',
        args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/My Files'],
        envNames: ['API_KEY'],
      },
    ]);
    expect(parsed.problems).toEqual([]);
    expect(JSON.stringify(parsed)).not.toMatch(/sk-planted-secret|sk-env-secret/);
  });

  it('reads VS Code shapes (servers, and mcp.servers of settings.json), Cursor without a type, and Windsurf serverUrl', () => {
    const vscode = parseServerConfig(JSON.stringify({ servers: { gh: { type: 'http', url: 'https://api.example.com/mcp' } } }));
    expect(vscode.servers).toMatchObject([{ name: 'gh', transport: 'streamable-http' }]);
    const settings = parseServerConfig(JSON.stringify({ mcp: { servers: { a: { url: 'https://a.example/mcp' } } } }));
    expect(settings.servers).toMatchObject([{ name: 'a', transport: 'auto' }]);
    const windsurf = parseServerConfig(
      JSON.stringify({ mcpServers: { w: { serverUrl: 'https://w.example/mcp', type: 'streamable-http' } } }),
    );
    expect(windsurf.servers).toMatchObject([{ url: 'https://w.example/mcp', transport: 'streamable-http' }]);
  });

  it('says what to fix for text that is not a config', () => {
    expect(parseServerConfig('{"mcpServers":').problems[0]).toMatch(/not JSON/);
    expect(parseServerConfig('[]').problems[0]).toMatch(/mcpServers/);
    expect(parseServerConfig('null').problems[0]).toMatch(/mcpServers/);
    expect(parseServerConfig('{"mcpServers": []}').problems[0]).toMatch(/mcpServers/);
  });

  it('skips entries of the wrong types, one problem each, and keeps the rest', () => {
    const parsed = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          str: 'https://x.example',
          nothing: {},
          numberUrl: { url: 42 },
          badType: { url: 'https://x.example/mcp', type: 'websocket' },
          typeObject: { url: 'https://x.example/mcp', type: { http: true } },
          argsNotArray: { command: 'node', args: 'server.js', env: ['A'] },
          mixedArgs: { command: 'node', args: ['a', 1, null, { b: 2 }, 'c'] },
          headersArray: { url: 'https://ok.example/mcp', headers: ['Authorization'] },
        },
      }),
    );
    expect(parsed.problems).toHaveLength(5);
    expect(parsed.stdio).toEqual([
      { name: 'argsNotArray', command: 'node', args: [], envNames: [] },
      { name: 'mixedArgs', command: 'node', args: ['a', 'c'], envNames: [] },
    ]);
    expect(parsed.servers).toEqual([{ name: 'headersArray', url: 'https://ok.example/mcp', transport: 'auto', headerNames: [] }]);
  });

  it('reads prototype keys as plain names and never from Object.prototype', () => {
    const text =
      '{"__proto__": {"mcpServers": {"x": {"url": "https://evil.example"}}}, "mcpServers": {"__proto__": {"url": "https://p.example/mcp"}, "constructor": {"url": "https://c.example/mcp"}, "toString": {"command": "sh"}}}';
    const parsed = parseServerConfig(text);
    expect(parsed.servers.map((server) => server.name)).toEqual(['__proto__', 'constructor']);
    expect(parsed.stdio.map((entry) => entry.name)).toEqual(['toString']);
    expect(({} as Record<string, unknown>).url).toBeUndefined();
    // A config whose only table is inherited has no servers.
    expect(parseServerConfig('{"__proto__": {"servers": {"x": {"url": "https://x.example"}}}}').servers).toEqual([]);
    expect(parseServerConfig('{"mcpServers": {"a": {"__proto__": {"url": "https://inherited.example"}}}}').servers).toEqual([]);
  });

  it('bounds what it reads: the text, the number of entries, names, URLs, args', () => {
    expect(parseServerConfig(' '.repeat(MAX_CONFIG_CHARS + 1)).problems[0]).toMatch(/configs up to/);
    const many = Object.fromEntries(
      Array.from({ length: MAX_CONFIG_ENTRIES + 50 }, (_, i) => [`s${i}`, { url: `https://s${i}.example/mcp` }]),
    );
    const parsed = parseServerConfig(JSON.stringify({ mcpServers: many }));
    expect(parsed.servers).toHaveLength(MAX_CONFIG_ENTRIES);
    expect(parsed.problems).toEqual([expect.stringContaining(`first ${MAX_CONFIG_ENTRIES}`)]);
    const long = parseServerConfig(
      JSON.stringify({
        mcpServers: {
          ['n'.repeat(5000)]: { url: `https://x.example/${'a'.repeat(5000)}` },
          big: { command: 'x', args: Array(1000).fill('y') },
        },
      }),
    );
    expect(long.problems).toEqual([expect.stringMatching(/longer than/)]);
    expect(long.problems[0]!.length).toBeLessThan(400);
    expect(long.stdio[0]!.args).toHaveLength(100);
  });
});

describe('relay command and shell words', () => {
  it('prints the relay command, quoting only what a shell would split or expand', () => {
    const entry = { command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/Users/me/My Files'] };
    expect(stdioRelayAdvice(entry, 'package', 'http://127.0.0.1:5173/').command).toBe(
      "npx mcp-lens relay --lens http://127.0.0.1:5173/ -- npx -y @modelcontextprotocol/server-filesystem '/Users/me/My Files'",
    );
    expect(shellWord("it's $(rm -rf ~)")).toBe(`'it'\\''s $(rm -rf ~)'`);
    expect(shellWord('')).toBe("''");
  });
});

describe('exportSnippets', () => {
  const server = {
    name: 'my server',
    url: 'https://mcp.example.com/mcp',
    transport: 'streamable-http' as const,
    headerNames: ['Authorization'],
  };

  it('gives the claude mcp add command and each client config, with a placeholder for every header value', () => {
    const snippets = exportSnippets(server);
    expect(snippets.map((snippet) => snippet.client)).toEqual(['Claude Code', 'Claude Code', 'Cursor', 'VS Code', 'Claude Desktop']);
    expect(snippets[0]!.text).toBe(
      `claude mcp add --transport http 'my server' https://mcp.example.com/mcp --header 'Authorization: <your Authorization>'`,
    );
    expect(JSON.parse(snippets[1]!.text)).toEqual({
      mcpServers: { 'my server': { type: 'http', url: server.url, headers: { Authorization: placeholderFor('Authorization') } } },
    });
    expect(JSON.parse(snippets[3]!.text)).toEqual({
      servers: { 'my server': { type: 'http', url: server.url, headers: { Authorization: '<your Authorization>' } } },
    });
    expect(JSON.parse(snippets[4]!.text).mcpServers['my server'].command).toBe('npx');
  });

  it('round-trips through the importer, and keeps a __proto__ name as a name', () => {
    for (const snippet of exportSnippets({ ...server, name: '__proto__', transport: 'sse' }).slice(1, 4)) {
      const parsed = parseServerConfig(snippet.text);
      expect(parsed.servers).toEqual([
        { name: '__proto__', url: server.url, transport: snippet.client === 'Cursor' ? 'auto' : 'sse', headerNames: ['Authorization'] },
      ]);
    }
  });
});
