/**
 * tools/call round trip: through MCP Lens's engine versus the SDK client called directly, against the same
 * server, alternating rounds, median of each.
 * - In Chromium (the target): a benchmark page (bench/overhead-page) runs the SDK client on the page and the
 *   app's own bridge + engine worker beside it.
 * - In Node, in-process (informational): the engine without the thread hop, so the cost of its
 *   instrumentation (tapped fetch, message log, HTTP exchanges) shows on its own.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { build } from 'vite';
import { createEngine } from '../src/engine/engine.ts';
import { realClock } from '../src/engine/clock.ts';
import { startStaticServer } from '../src/node/static-server/server.ts';
import { compareRoundTrips, type BrowserOverhead, type OverheadFigures } from './round-trips.ts';
import type { ProtocolEra } from '../src/shared/model.ts';

export async function measureInBrowser(browser: Browser, url: string, era: ProtocolEra, calls = 300): Promise<BrowserOverhead> {
  const outDir = await mkdtemp(join(tmpdir(), 'mcp-lens-bench-'));
  try {
    await build({
      configFile: false,
      root: fileURLToPath(new URL('./overhead-page/', import.meta.url)),
      base: './',
      logLevel: 'warn',
      worker: { format: 'es' },
      build: { outDir, emptyOutDir: true, target: 'es2022', assetsInlineLimit: 0 },
    });
    const server = await startStaticServer({ root: outDir, host: '127.0.0.1', port: 0 });
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      return await page.evaluate(([target, count, protocolEra]) => window.measureOverhead(target, count, protocolEra), [
        url,
        calls,
        era,
      ] as const);
    } finally {
      await page.close();
      await server.close();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

export async function measureInProcess(url: string, calls = 300): Promise<OverheadFigures> {
  const engine = createEngine({ fetch: (input, init) => fetch(input, init), clock: realClock, emit: () => undefined });
  const signal = new AbortController().signal;
  await engine.call('connect', { url, headers: [], transport: 'streamable-http', era: 'legacy' }, signal);
  const sdk = new Client({ name: 'bench', version: '1.0.0' });
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));
  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  const figures = await compareRoundTrips(
    () => sdk.callTool(params),
    () => engine.call('callTool', params, signal),
    calls,
  );
  await sdk.close();
  await engine.call('disconnect', undefined, signal);
  return figures;
}
