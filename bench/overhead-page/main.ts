/**
 * A benchmark-only page: the same tools/call made by the SDK client on this page and through MCP Lens's
 * engine in its Web Worker (the app's own bridge, worker entry, tapped fetch and event stream), in real
 * Chromium. Built and served by bench/run.ts; not part of the app.
 */
import '../../src/shared/trusted-types/trusted-types-install.ts';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createEngineClient } from '../../src/bridge/engine-client.ts';
import { compareRoundTrips, type OverheadFigures } from '../round-trips.ts';
import type { ProtocolEra } from '../../src/shared/model.ts';

declare global {
  interface Window {
    measureOverhead(url: string, calls: number, era: ProtocolEra): Promise<OverheadFigures>;
  }
}

window.measureOverhead = async (url, calls, era) => {
  const worker = new Worker(new URL('../../src/engine/worker.ts', import.meta.url), { type: 'module' });
  const engine = createEngineClient(worker);
  // Like the app, the UI side takes in every event (the log's messages, HTTP exchanges) as it arrives.
  let events = 0;
  engine.subscribe((batch) => (events += batch.length));
  await engine.call('connect', { url, headers: [], transport: 'streamable-http', era });
  // Both sides speak the same era: 2026-07-28 pinned, or the plain 2025 handshake.
  const sdk = new Client(
    { name: 'bench', version: '1.0.0' },
    { versionNegotiation: { mode: era === 'modern' ? { pin: '2026-07-28' } : 'legacy' } },
  );
  await sdk.connect(new StreamableHTTPClientTransport(new URL(url)));

  const params = { name: 'echo', arguments: { message: 'x'.repeat(200) } };
  const figures = await compareRoundTrips(
    () => sdk.callTool(params),
    () => engine.call('callTool', params),
    calls,
  );
  await sdk.close();
  await engine.call('disconnect', undefined);
  engine.dispose();
  worker.terminate();
  if (events === 0) throw new Error('The engine reported no events: the round trip did not go through the app path.');
  return figures;
};
