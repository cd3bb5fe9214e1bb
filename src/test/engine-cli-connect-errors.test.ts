/**
 * The CLI says why a connect failed in the engine's words, one line: the server's own 404 words for a wrong
 * path, and a server/discover result that is not valid as exactly that (never an HTTP 405 or a 2025 server).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { EXIT } from '../node/command/exit-codes.ts';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { startCli } from './support/cli-harness.ts';
import { createBadDiscoverServer } from './servers/bad-discover-server.ts';

let demo: RunningDemoServer;
let bad: Server;
let badUrl = '';
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
  bad = createBadDiscoverServer();
  await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
  badUrl = `http://127.0.0.1:${(bad.address() as AddressInfo).port}/mcp`;
});
afterAll(async () => {
  bad?.closeAllConnections();
  bad?.close();
  await demo?.close();
});

const connectLine = (lines: string[]) =>
  lines
    .join('\n')
    .split('\n')
    .find((line) => line.startsWith('could not connect to '));

describe('the CLI on a connect that fails', () => {
  it('wrong path: prints the server’s own 404 words', async () => {
    const url = `${new URL(demo.url).origin}/`;
    const run = startCli([url]);
    expect(await run.done).toBe(EXIT.connect);
    // The raw answer follows in brackets (the error's detail).
    expect(connectLine([...run.stdout, ...run.stderr])).toContain(
      `could not connect to ${url}: Nothing answers MCP at this URL (HTTP 404 Not Found). The server says: “Not found. The MCP endpoint is /mcp.” Check the path; servers often use /mcp (or /sse for the legacy transport). (`,
    );
    expect(connectLine([...run.stdout, ...run.stderr])).not.toMatch(/HTTP 200/);
  });

  it('a server/discover result without capabilities: says exactly that', async () => {
    const run = startCli([badUrl]);
    expect(await run.done).toBe(EXIT.connect);
    const line = connectLine([...run.stdout, ...run.stderr]);
    expect(line).toContain('The server answered server/discover, but its result is not valid: capabilities is missing.');
    expect(line).not.toMatch(/405|2025 initialize|did not offer/);
  });
});
