import { appendFileSync } from 'node:fs';

import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';

// A stdio MCP server for the relay's tests: it records each start (its pid) in the file named by
// RELAY_FIXTURE_SPAWNS, so a test can count how many processes the relay ever ran, and says on stderr
// that it started, so a test can see the child's stderr reach the relay's console.

const spawns = process.env.RELAY_FIXTURE_SPAWNS;
if (spawns) appendFileSync(spawns, `${process.pid}\n`);
console.error('stdio fixture started');

const server = new McpServer({ name: 'relay-stdio-fixture', version: '1.0.0' });
server.registerTool('whoami', { description: 'The process this server runs as: pid and arguments.' }, () => ({
  content: [{ type: 'text', text: JSON.stringify({ pid: process.pid, argv: process.argv.slice(2) }) }],
}));
await server.connect(new StdioServerTransport());
