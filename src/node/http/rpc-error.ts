/** What a JSON-RPC error answer may add: the request's id (null when it cannot be determined) and `data`. */
interface RpcErrorExtra {
  id?: string | number | null;
  data?: unknown;
}

/** A JSON-RPC error as an HTTP response: for requests refused before an MCP server instance sees them. */
export function jsonRpcError(
  status: number,
  code: number,
  message: string,
  headers: Record<string, string> = {},
  extra: RpcErrorExtra = {},
): Response {
  const error = { code, message, ...(extra.data !== undefined && { data: extra.data }) };
  return new Response(JSON.stringify({ jsonrpc: '2.0', error, id: extra.id ?? null }), {
    status,
    headers: { ...headers, 'Content-Type': 'application/json' },
  });
}
