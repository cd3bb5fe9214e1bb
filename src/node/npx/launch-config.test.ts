import { describe, expect, it } from 'vitest';

import { launchTargetFromConfig, withoutComments, type ConfigContext } from './launch-config.ts';

const context: ConfigContext = { path: '/work/app/.vscode/mcp.json', env: { TOKEN: 'from-env' }, home: '/home/ada' };
const read = (config: unknown, name: string, more: Partial<ConfigContext> = {}) =>
  launchTargetFromConfig(typeof config === 'string' ? config : JSON.stringify(config), name, { ...context, ...more });

describe('a server from an MCP client config file', () => {
  it("reads Claude Desktop's and Cursor's mcpServers: command, args, env", async () => {
    const config = { mcpServers: { memory: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-memory'], env: { DEBUG: '1' } } } };
    await expect(read(config, 'memory')).resolves.toEqual({
      kind: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-memory'],
      env: { DEBUG: '1' },
    });
  });

  it("reads Cursor's url entries and VS Code's http servers as a URL to connect to, header names only", async () => {
    await expect(
      read({ mcpServers: { remote: { url: 'https://server.example/mcp', headers: { Authorization: 'x' } } } }, 'remote'),
    ).resolves.toEqual({
      kind: 'http',
      url: new URL('https://server.example/mcp'),
      headerNames: ['Authorization'],
    });
    await expect(read({ servers: { api: { type: 'http', url: 'http://127.0.0.1:3001/mcp' } } }, 'api')).resolves.toMatchObject({
      kind: 'http',
      url: new URL('http://127.0.0.1:3001/mcp'),
    });
  });

  it("reads VS Code's mcp.json with comments and trailing commas, and fills in its variables and inputs", async () => {
    const text = `{
      // The workspace's servers
      "inputs": [{ "type": "promptString", "id": "api-key", "description": "API key", "password": true }],
      "servers": {
        "local": {
          "type": "stdio", /* a block comment, "with quotes" */
          "command": "node",
          "args": ["\${workspaceFolder}/server.js", "~/data", "a // not a comment"],
          "env": { "KEY": "\${input:api-key}", "AGAIN": "\${input:api-key}", "TOKEN": "\${env:TOKEN}", "HOME_DIR": "\${userHome}", },
        },
      },
    }`;
    const asked: string[] = [];
    const target = await read(text, 'local', {
      ask: (input) => {
        asked.push(`${input.id}: ${input.description} (${input.password ? 'hidden' : 'shown'})`);
        return Promise.resolve('s3cret');
      },
    });
    expect(target).toEqual({
      kind: 'stdio',
      command: 'node',
      args: ['/work/app/server.js', '/home/ada/data', 'a // not a comment'],
      env: { KEY: 's3cret', AGAIN: 's3cret', TOKEN: 'from-env', HOME_DIR: '/home/ada' },
    });
    expect(asked).toEqual(['api-key: API key (hidden)']);
  });

  it('names the server and the input when there is no terminal to ask at', async () => {
    const config = { inputs: [{ id: 'k', description: 'The key' }], servers: { s: { command: 'x', env: { K: '${input:k}' } } } };
    await expect(read(config, 's')).rejects.toThrow('The server "s" needs ${input:k} (The key) in its env K');
  });

  it('lists the names when there is no server by that name', async () => {
    await expect(read({ mcpServers: { a: { command: 'x' }, b: { url: 'https://b.example/mcp' } } }, 'c')).rejects.toThrow(
      '/work/app/.vscode/mcp.json has no server "c". Its servers: "a", "b".',
    );
    await expect(read({ mcpServers: {} }, 'c')).rejects.toThrow('lists no servers');
    // An inherited property name is not a server.
    await expect(read({ mcpServers: { a: { command: 'x' } } }, 'constructor')).rejects.toThrow('has no server "constructor"');
  });

  it("names the file and the parser's message for a malformed file", async () => {
    await expect(read('{ "mcpServers": { "a": ', 'a')).rejects.toThrow(/^\/work\/app\/\.vscode\/mcp\.json is not valid JSON: .+/);
    await expect(read({ tools: {} }, 'a')).rejects.toThrow('holds no servers: expected "mcpServers"');
  });

  it('says so for an entry with neither a command nor a url, and for ill-typed fields', async () => {
    await expect(read({ mcpServers: { a: { args: ['x'] } } }, 'a')).rejects.toThrow(
      'The server "a" in /work/app/.vscode/mcp.json has neither a "command" (a stdio server) nor a "url" (an HTTP server).',
    );
    await expect(read({ mcpServers: { a: { command: 'x', args: 'y' } } }, 'a')).rejects.toThrow('"args" must be a list of strings');
    await expect(read({ mcpServers: { a: { command: 'x', env: { A: {} } } } }, 'a')).rejects.toThrow('"env" must map names to strings');
    await expect(read({ mcpServers: { a: { url: 'ftp://x.example/' } } }, 'a')).rejects.toThrow('is not an http(s) URL');
    await expect(read({ servers: { a: { command: 'x', envFile: '.env' } } }, 'a')).rejects.toThrow('pass its values with -e KEY=VALUE');
    await expect(read({ servers: { a: { command: '${config:x}' } } }, 'a')).rejects.toThrow('does not know how to fill in');
  });
});

describe('withoutComments', () => {
  it('keeps strings whole and positions where they were', () => {
    const text = '{"a": "x, ]", // c\n "b": [1, 2,],}';
    expect(withoutComments(text)).toHaveLength(text.length);
    expect(JSON.parse(withoutComments(text))).toEqual({ a: 'x, ]', b: [1, 2] });
    expect(JSON.parse(withoutComments('{"a": "say \\"/* hi */\\""}'))).toEqual({ a: 'say "/* hi */"' });
  });
});
