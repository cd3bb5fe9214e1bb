/**
 * How the HTTP list colours a status. Red is for faults. Some 4xx answers are the protocol working as
 * designed, and colouring them red sends a person hunting for a problem that is not there.
 */
import type { HttpExchange } from '../../shared/events.ts';
import { mcpHeaderValue } from './mcp-headers.ts';

export type StatusTone = { tone: 'pending' | 'ok' | 'failed' } | { tone: 'expected'; why: string };

/** The JSON-RPC method a POST carried: the 2026-07-28 header, else the body as sent. */
function postedMethod(exchange: Pick<HttpExchange, 'requestHeaders' | 'requestBody'>): string | undefined {
  const fromHeader = mcpHeaderValue(exchange.requestHeaders, 'Mcp-Method');
  if (fromHeader !== undefined) return fromHeader;
  const text = exchange.requestBody?.text;
  if (text === undefined || text.length > 100_000) return undefined;
  try {
    const method = (JSON.parse(text) as { method?: unknown } | null)?.method;
    return typeof method === 'string' ? method : undefined;
  } catch {
    return undefined;
  }
}

export function statusTone(exchange: Pick<HttpExchange, 'status' | 'error' | 'method' | 'requestHeaders' | 'requestBody'>): StatusTone {
  if (exchange.error !== undefined) return { tone: 'failed' };
  const status = exchange.status;
  if (status === undefined) return { tone: 'pending' };
  if (status < 400) return { tone: 'ok' };
  if (status === 401)
    return { tone: 'expected', why: 'The server asks for authorization; the client signs in and sends the request again.' };
  if (exchange.method === 'GET' && status === 405)
    return { tone: 'expected', why: 'The server offers no standalone event stream, which the spec makes optional.' };
  if (exchange.method === 'DELETE' && (status === 404 || status === 405))
    return { tone: 'expected', why: 'The server does not end sessions on request (or already forgot this one); the spec allows it.' };
  if (exchange.method === 'POST' && (status === 400 || status === 404 || status === 405)) {
    const method = postedMethod(exchange);
    if (method === 'server/discover')
      return { tone: 'expected', why: 'The 2026-07-28 probe: a 2025 server refuses it, and MCP Lens then uses the 2025 handshake.' };
    if (method === 'initialize')
      return {
        tone: 'expected',
        why: 'Auto detection: a server without Streamable HTTP refuses this, and MCP Lens tries legacy HTTP+SSE.',
      };
  }
  return { tone: 'failed' };
}
