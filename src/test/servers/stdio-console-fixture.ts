import { McpServer } from '@modelcontextprotocol/server';
import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

// A stdio MCP server that talks on stderr, for the relay's console (src/test/engine-relay-console.test.ts,
// e2e/stdio-console.spec.ts): it says it started (with a secret a careless server prints, which MCP Lens must
// mask), `say` writes lines to stderr, and `crash` writes its last words and exits with the code asked for.

console.error(`console fixture started, pid ${process.pid}`);
console.error('loaded config: API_KEY=sk-console-fixture-secret-0123456789');

const server = new McpServer({ name: 'stdio-console-fixture', version: '1.0.0' });
server.registerTool(
  'say',
  {
    description: 'Writes each of `lines` to stderr.',
    inputSchema: { lines: z.array(z.string()).max(10_000) },
    annotations: { readOnlyHint: true },
  },
  ({ lines }) => {
    for (const line of lines) console.error(line);
    return { content: [{ type: 'text', text: `wrote ${lines.length} lines` }] };
  },
);
server.registerTool(
  'crash',
  {
    description: 'Writes its last words to stderr and exits with `code` (default 3).',
    inputSchema: { code: z.number().int().optional() },
    // It ends a test server's process, nothing of the person's: the Tools tab runs it without asking.
    annotations: { destructiveHint: false },
  },
  ({ code }) => {
    console.error('fatal: the crash tool was called, exiting');
    // After the write has reached the pipe, so the last line is not lost with the process.
    process.stderr.write('', () => process.exit(code ?? 3));
    return { content: [{ type: 'text', text: 'exiting' }] };
  },
);
await server.connect(new StdioServerTransport());
