import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

import { McpServer } from '@modelcontextprotocol/server';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import * as z from 'zod';

// A 2026-07-28 stdio MCP server for the relay's tests, on the SDK's own stdio entry (`serveStdio`): dual
// era by default (a conversation that opens with initialize is served as 2025, and the era the first
// conversation opens stays for the process's life, as the SDK's stdio servers do), 2026-07-28 only with
// `--modern-only`. Like relay-stdio-fixture.ts it records each start in RELAY_FIXTURE_SPAWNS.

const spawns = process.env.RELAY_FIXTURE_SPAWNS;
if (spawns) appendFileSync(spawns, `${process.pid}\n`);
const modernOnly = process.argv.includes('--modern-only');

serveStdio(
  ({ era }) => {
    const server = new McpServer({ name: 'relay-stdio-modern-fixture', version: '1.0.0' }, { capabilities: { logging: {} } });
    server.registerTool('whoami', { description: 'The process this server runs as, and the era of the request.' }, () => ({
      content: [{ type: 'text', text: JSON.stringify({ pid: process.pid, era }) }],
    }));
    server.registerTool(
      'echo',
      {
        description: 'Answers with the text after a delay, so answers can overtake each other on the pipe.',
        inputSchema: z.object({ text: z.string(), delayMs: z.int().min(0).max(5000).default(0) }),
      },
      async ({ text, delayMs }) => {
        await sleep(delayMs);
        return { content: [{ type: 'text', text }] };
      },
    );
    server.registerTool(
      'count',
      {
        description: 'Counts to `to`, sending a log message and (with a progressToken) progress at each step.',
        inputSchema: z.object({ to: z.int().min(1).max(20) }),
      },
      async ({ to }, ctx) => {
        const progressToken = ctx.mcpReq._meta?.progressToken;
        for (let step = 1; step <= to; step++) {
          await ctx.mcpReq.log('info', `step ${step}`, 'count');
          if (progressToken !== undefined) {
            await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: step, total: to } });
          }
        }
        return { content: [{ type: 'text', text: `counted to ${to}` }] };
      },
    );
    return server;
  },
  { legacy: modernOnly ? 'reject' : 'serve' },
);
