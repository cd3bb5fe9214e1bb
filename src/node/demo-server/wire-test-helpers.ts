// Shared by the demo server's tests: they talk to the server with plain fetch where the point is the
// wire format itself rather than what an MCP client library makes of it.

import { profileOf } from '../../shared/era-profile.ts';

export const ACCEPT = 'application/json, text/event-stream';
const MODERN_VERSION = profileOf('modern').protocolVersion;

export interface RpcMessage {
  jsonrpc: '2.0';
  id?: number | string;
  method?: string;
  params?: Record<string, unknown>;
  result?: Record<string, unknown>;
  error?: { code: number; message: string; data?: unknown };
}

/** The JSON-RPC messages in an SSE body (or the one message of a JSON body). */
export function parseMessages(contentType: string | null, text: string): RpcMessage[] {
  if (contentType?.includes('application/json')) return [JSON.parse(text) as RpcMessage];
  return text
    .split(/\r?\n\r?\n/)
    .map((event) =>
      event
        .split(/\r?\n/)
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trimStart())
        .join('\n'),
    )
    .filter((data) => data !== '')
    .map((data) => JSON.parse(data) as RpcMessage);
}

let nextModernId = 1;

/**
 * POSTs one 2026-07-28 request the way a modern client must: the `_meta` envelope in the body and the
 * standard headers beside it. Returns the response and the reply to this request.
 */
export async function postModern(url: string, method: string, params: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const id = nextModernId++;
  const name = typeof params.name === 'string' ? params.name : typeof params.uri === 'string' ? params.uri : undefined;
  const envelope = {
    'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
    'io.modelcontextprotocol/clientCapabilities': { elicitation: { form: {}, url: {} }, roots: {} },
    'io.modelcontextprotocol/clientInfo': { name: 'vitest', version: '1.0.0' },
  };
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: ACCEPT,
      'MCP-Protocol-Version': MODERN_VERSION,
      'Mcp-Method': method,
      ...(name === undefined ? {} : { 'Mcp-Name': name }),
      ...headers,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope } }),
  });
  const text = await response.text();
  const reply = text ? parseMessages(response.headers.get('content-type'), text).find((m) => m.id === id) : undefined;
  return { response, reply };
}
