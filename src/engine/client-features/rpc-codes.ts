/** The JSON-RPC error codes MCP Lens answers a server's request with, beside the SDK's own. */
export const INVALID_PARAMS = -32602;
/** The spec's code for "the user rejected the sampling request". */
export const USER_REJECTED = -1;
