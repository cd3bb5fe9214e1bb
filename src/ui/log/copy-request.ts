/**
 * A logged request copied out of MCP Lens: as its JSON, or as a `curl` command that sends it again over
 * Streamable HTTP. Secrets are masked (redact.ts) in both: a copied command is pasted into chats and tickets.
 */
import { isSecretHeader, maskSecret, maskUrlCredentials, redactBodyText } from '../../shared/redact.ts';
import { isRecord } from '../../shared/read.ts';
import { shellWord } from '../../shared/shell.ts';

export interface RequestToCopy {
  /** The JSON-RPC message as logged. */
  message: unknown;
  /** The endpoint it went to. */
  url: string;
  /**
   * The headers the browser sent with it (the HTTP exchange, secrets already masked); absent when the
   * exchange is no longer kept, and then rebuilt from the message.
   */
  sentHeaders?: ReadonlyArray<readonly [string, string]>;
  /** Rebuilding: the 2026-07-28 era, which names the method (and tool, prompt or resource) in headers too. */
  modern?: boolean;
  sessionId?: string;
  protocolVersion?: string;
}

export function requestJson(message: unknown): string {
  return redactBodyText(JSON.stringify(message, null, 2));
}

/** Headers the browser sets itself or that describe one transfer, not the request: curl supplies its own. */
const TRANSPORT_HEADERS = /^(content-length|host|connection|accept-encoding|user-agent|origin|referer|sec-.*|last-event-id)$/i;
const MASKED = '••••';

export function curlCommand(request: RequestToCopy): string {
  const headers = (request.sentHeaders ?? rebuiltHeaders(request))
    .filter(([name]) => !TRANSPORT_HEADERS.test(name))
    .map(([name, value]): [string, string] => [name, isSecretHeader(name) && !value.includes(MASKED) ? maskSecret(value) : value]);
  const body = redactBodyText(JSON.stringify(request.message));
  const lines = [
    // Whatever the source (the exchange, masked at capture, or the connection's URL once it is gone).
    `curl -sS -N -X POST ${shellWord(maskUrlCredentials(request.url))}`,
    ...headers.map(([name, value]) => `-H ${shellWord(`${name}: ${value}`)}`),
    `--data-raw ${shellWord(body)}`,
  ];
  return lines.join(' \\\n  ');
}

/** What the engine's transport sends with a POST, for a request whose exchange was evicted. */
function rebuiltHeaders({ message, modern, sessionId, protocolVersion }: RequestToCopy): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['Content-Type', 'application/json'],
    ['Accept', 'application/json, text/event-stream'],
  ];
  if (sessionId) headers.push(['Mcp-Session-Id', sessionId]);
  if (protocolVersion) headers.push(['MCP-Protocol-Version', protocolVersion]);
  const { method, params } = (isRecord(message) ? message : {}) as { method?: unknown; params?: unknown };
  if (modern && typeof method === 'string') {
    headers.push(['Mcp-Method', method]);
    const name = nameOf(method, isRecord(params) ? params : {});
    if (name !== undefined) headers.push(['Mcp-Name', name]);
  }
  return headers;
}

/** The `Mcp-Name` of 2026-07-28: the tool or prompt name, or the resource URI, of the three methods that carry one. */
function nameOf(method: string, params: Record<string, unknown>): string | undefined {
  const value = method === 'tools/call' || method === 'prompts/get' ? params.name : method === 'resources/read' ? params.uri : undefined;
  return typeof value === 'string' ? value : undefined;
}
