/** MCP Apps through the engine, in both eras, against the demo server's sales chart. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { SALES_CHART_URI } from '../node/demo-server/sales-chart-app.ts';
import { APP_MIME_TYPE, UI_EXTENSION_ID } from '../shared/apps.ts';
import { createHarness } from './support/engine-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(async () => {
  await demo.close();
});

/** Where each era carries the client's capabilities: the initialize params, or every request's envelope. */
const declaredCapabilities = (message: unknown): Record<string, unknown> | undefined => {
  const params = (message as { params?: { capabilities?: unknown; _meta?: Record<string, unknown> } }).params;
  const fromEnvelope = Object.entries(params?._meta ?? {}).find(([key]) => key.endsWith('clientCapabilities'))?.[1];
  return (params?.capabilities ?? fromEnvelope) as Record<string, unknown> | undefined;
};

describe.each(['legacy', 'modern'] as const)('MCP Apps, %s era', (era) => {
  it('declares the extension, reads the tool and resource metadata, and marks calls made for an app', async () => {
    const h = createHarness();
    await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era });
    try {
      const first = h.messages().find((m) => m.direction === 'out' && m.kind === 'request');
      expect(declaredCapabilities(first?.message)?.extensions).toMatchObject({ [UI_EXTENSION_ID]: { mimeTypes: [APP_MIME_TYPE] } });

      const { tools } = await h.engine.call('listTools', undefined);
      expect(tools.find((t) => t.name === 'show-sales')?.ui).toEqual({ resourceUri: SALES_CHART_URI, visibility: ['model', 'app'] });
      expect(tools.find((t) => t.name === 'get-sales')?.ui?.visibility).toEqual(['app']);

      const { resources } = await h.engine.call('listResources', undefined);
      expect(resources.find((r) => r.uri === SALES_CHART_URI)).toMatchObject({ mimeType: APP_MIME_TYPE, app: { prefersBorder: true } });

      const read = await h.engine.call('readResource', { uri: SALES_CHART_URI, viaApp: SALES_CHART_URI });
      expect(read.contents[0]?.app?.csp.connectDomains).toEqual([]);
      const outcome = await h.engine.call('callTool', { name: 'get-sales', arguments: { region: 'east' }, viaApp: SALES_CHART_URI });
      expect(outcome.structuredContent).toMatchObject({ region: 'east' });
      await h.engine.call('callTool', { name: 'get-sales', arguments: { region: 'west' } });

      const requests = h.messages().filter((m) => m.direction === 'out' && (m.method === 'tools/call' || m.method === 'resources/read'));
      expect(requests.map((m) => [m.method, m.origin?.feature === 'apps' ? m.origin.id : undefined])).toEqual([
        ['resources/read', SALES_CHART_URI],
        ['tools/call', SALES_CHART_URI],
        ['tools/call', undefined],
      ]);
    } finally {
      await h.engine.call('disconnect', undefined);
    }
  });
});
