/** A JSON-RPC error as an HTTP response: for requests refused before an MCP server instance sees them. */
export function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}
