/**
 * An MCP App on the demo server, registered with the ext-apps server helpers: `show-sales` points at the
 * `ui://` chart through `_meta.ui`, and `get-sales` is the app-only tool the chart calls through its host
 * when "Refresh" is pressed.
 */
import { registerAppResource, registerAppTool, RESOURCE_MIME_TYPE } from '@modelcontextprotocol/ext-apps/server';
import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import { SALES_CHART_HTML, SALES_CHART_URI } from './sales-chart-app.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun'];
const REGIONS = ['north', 'south', 'east', 'west'] as const;

let refreshes = 0;

/** Made-up figures, different per region and per refresh so a refresh visibly changes the chart. */
function sales(region: string) {
  refreshes++;
  const seed = region.length * 17 + refreshes * 7;
  // The month's own term keeps the bars uneven whatever the seed (a product with it could flatten them all).
  return { region, months: MONTHS.map((month, i) => ({ month, amount: 40 + ((seed * 31 + i * 17 + i * i * 7) % 60) })) };
}

const SALES_SHAPE = {
  region: z.string(),
  months: z.array(z.object({ month: z.string(), amount: z.number() })),
};

export function registerAppTools(server: McpServer): void {
  registerAppResource(
    server,
    'Sales chart',
    SALES_CHART_URI,
    {
      description: 'An MCP App: a bar chart that refreshes itself through the host.',
      _meta: { ui: { csp: { connectDomains: [], resourceDomains: [] }, prefersBorder: true } },
    },
    async () => ({
      contents: [{ uri: SALES_CHART_URI, mimeType: RESOURCE_MIME_TYPE, text: SALES_CHART_HTML, _meta: { ui: { prefersBorder: true } } }],
    }),
  );
  registerAppTool(
    server,
    'show-sales',
    {
      title: 'Show sales (an MCP App)',
      // The ext-apps ToolConfig type has no icons, but the helper passes the whole config to registerTool.
      ...{ icons: icons.chart },
      description: 'Shows monthly sales for a region in an interactive chart (an MCP App); the result also carries the figures.',
      inputSchema: z.object({ region: z.enum(REGIONS).default('north').describe('Which region to chart') }),
      outputSchema: z.object(SALES_SHAPE),
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: SALES_CHART_URI } },
    },
    ({ region }) => {
      const data = sales(region);
      return { content: [{ type: 'text', text: `Sales for the ${region} region, ${MONTHS.length} months.` }], structuredContent: data };
    },
  );
  registerAppTool(
    server,
    'get-sales',
    {
      title: 'Get sales figures',
      // The ext-apps ToolConfig type has no icons, but the helper passes the whole config to registerTool.
      ...{ icons: icons.chart },
      description: 'The figures behind the sales chart; the chart app calls it through the host to refresh.',
      inputSchema: z.object({ region: z.enum(REGIONS).describe('Which region') }),
      outputSchema: z.object(SALES_SHAPE),
      annotations: { readOnlyHint: true, openWorldHint: false },
      _meta: { ui: { resourceUri: SALES_CHART_URI, visibility: ['app'] } },
    },
    ({ region }) => {
      const data = sales(region);
      return { content: [{ type: 'text', text: JSON.stringify(data) }], structuredContent: data };
    },
  );
}
