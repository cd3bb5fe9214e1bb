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
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { build } from 'vite';
import { createEngine } from '../src/engine/engine.ts';
import { realClock } from '../src/engine/clock.ts';
import { startStaticServer } from '../src/node/static-server/server.ts';
import {
  compareRoundTrips,
  identityFrom,
  requestsSent,
  sdkClientLike,
  WITH_PROGRESS,
  type BrowserOverhead,
  type OverheadFigures,
} from './round-trips.ts';
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
    // Cross-origin isolated, the page's clock reads to 5 µs instead of 100 µs: a 4 ms round trip timed to
    // 0.1 ms would make every ratio move in steps of 2–3%, as large as what is being measured. (Set by the
    // server: headers added by Playwright's request interception make Chromium fail the MCP server's CORS.)
    const server = await startStaticServer({
      root: outDir,
      host: '127.0.0.1',
      port: 0,
      headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' },
    });
    const page = await browser.newPage();
    try {
      await page.goto(server.url);
      if (!(await page.evaluate(() => crossOriginIsolated)))
        throw new Error('The overhead page is not cross-origin isolated: its clock would read to 0.1 ms only.');
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
  const sent: unknown[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    emit: (event) => sent.push(...requestsSent([event])),
  });
  const signal = new AbortController().signal;
  await engine.call('connect', { url, headers: [], transport: 'streamable-http', era: 'legacy' }, signal);
  const sdk = sdkClientLike(await identityFrom(sent), 'legacy');
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));
  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  const figures = await compareRoundTrips(
    () => sdk.callTool(params, WITH_PROGRESS),
    () => engine.call('callTool', params, signal),
    calls,
  );
  await sdk.close();
  await engine.call('disconnect', undefined, signal);
  return figures;
}
