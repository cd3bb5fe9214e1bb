import type { McpServer, ProtocolEra } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';

/**
 * The `x-mcp-header` names the demo's tools declare. A 2026-07-28 client copies each annotated argument
 * into an `Mcp-Param-<Name>` request header; cors.ts lets browsers send exactly these.
 */
export const MIRRORED_PARAMS = { region: 'Region', priority: 'Priority', express: 'Express' } as const;

/** H7 of the spec: values that are not plain visible ASCII are sent as `=?base64?<UTF-8 as Base64>?=`. */
const BASE64_SENTINEL = /^=\?base64\?([A-Za-z0-9+/]*={0,2})\?=$/;

interface ReceivedHeader {
  value: string;
  /** The decoded value, when the client Base64-encoded it. */
  decoded?: string;
}

/**
 * A tool whose arguments are mirrored into HTTP headers (SEP-2243), so a person can see that the client
 * sent them and the server received them. The SDK checks each `Mcp-Param-*` header against its argument
 * before the tool runs (a mismatch is answered -32020), so what the tool echoes is what matched.
 */
export function registerHeaderTools(server: McpServer, era: ProtocolEra): void {
  server.registerTool(
    'lookup-order',
    {
      title: 'Look up an order (mirrored headers)',
      icons: icons.headers,
      description:
        'On 2026-07-28, region, priority and express are marked x-mcp-header, so the client also sends them as the headers ' +
        'Mcp-Param-Region, Mcp-Param-Priority and Mcp-Param-Express. The result lists every Mcp-* header the server received, ' +
        'decoded. orderId and weightKg are not mirrored (weightKg is a number, which the spec never mirrors).',
      inputSchema: z.object({
        orderId: z.string().min(1).max(64).default('A-1001').describe('Order number (not mirrored)'),
        region: z
          .string()
          .max(100)
          .default('eu-west')
          .describe('Shipping region, sent as Mcp-Param-Region. Try "São Paulo" to see it Base64-encoded.')
          .meta({ 'x-mcp-header': MIRRORED_PARAMS.region }),
        priority: z
          .int()
          .min(1)
          .max(5)
          .default(3)
          .describe('1 (low) to 5 (urgent), sent as Mcp-Param-Priority')
          .meta({ 'x-mcp-header': MIRRORED_PARAMS.priority }),
        express: z
          .boolean()
          .default(false)
          .describe('Express shipping, sent as Mcp-Param-Express')
          .meta({ 'x-mcp-header': MIRRORED_PARAMS.express }),
        weightKg: z.number().min(0).max(1000).optional().describe('Parcel weight (a number: never mirrored)'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ orderId, region, priority, express, weightKg }, ctx) => {
      const received = mcpHeaders(ctx.http?.req?.headers);
      const mirrored = Object.keys(received).filter((name) => name.startsWith('mcp-param-'));
      const order = { orderId, region, priority, express, ...(weightKg === undefined ? {} : { weightKg }) };
      const headerLine =
        mirrored.length > 0
          ? `Mirrored headers received: ${mirrored.map((name) => `${name}: ${received[name]!.decoded ?? received[name]!.value}`).join(', ')}.`
          : era === 'modern'
            ? 'No Mcp-Param-* headers arrived: the client sent none of the mirrored arguments.'
            : 'No Mcp-Param-* headers arrived: a 2025-11-25 client does not mirror arguments into headers.';
      return {
        content: [
          { type: 'text', text: `Order ${orderId} ships to ${region}: priority ${priority}, ${express ? 'express' : 'standard'}.` },
          { type: 'text', text: headerLine },
        ],
        structuredContent: { order, era, headers: received },
      };
    },
  );
}

/** The `Mcp-*` headers of the request (names lower-cased, as HTTP treats them), Base64 values decoded. */
function mcpHeaders(headers: Headers | undefined): Record<string, ReceivedHeader> {
  const found: Record<string, ReceivedHeader> = {};
  headers?.forEach((value, name) => {
    if (!name.startsWith('mcp-')) return;
    const encoded = BASE64_SENTINEL.exec(value)?.[1];
    found[name] = encoded === undefined ? { value } : { value, decoded: Buffer.from(encoded, 'base64').toString('utf8') };
  });
  return found;
}
