/**
 * MCP's own HTTP headers (`Mcp-Method`, `Mcp-Name`, `Mcp-Param-*`, `MCP-Protocol-Version`,
 * `Mcp-Session-Id`) and the way 2026-07-28 carries a value that is not plain visible ASCII:
 * `=?base64?<Base64 of the UTF-8 bytes>?=`. Pure, so the HTTP view and its tests share one reading.
 */

const SENTINEL = /^=\?base64\?(.*)\?=$/s;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export type DecodedHeaderValue =
  /** Sent as is: nothing to decode. */
  | { kind: 'plain'; value: string }
  /** The sentinel form, decoded to the UTF-8 text it carries. */
  | { kind: 'base64'; value: string }
  /** The sentinel form, but its content is not Base64 of UTF-8 text: the sender broke the encoding rule. */
  | { kind: 'invalid'; reason: string };

/** Reads one header value: plain, or the `=?base64?…?=` form decoded as UTF-8 (strictly, never guessing). */
export function decodeMcpHeaderValue(raw: string): DecodedHeaderValue {
  const match = SENTINEL.exec(raw);
  if (!match) return { kind: 'plain', value: raw };
  const encoded = match[1]!;
  if (!BASE64.test(encoded)) return { kind: 'invalid', reason: 'not valid Base64 (standard alphabet, padded)' };
  let bytes: Uint8Array;
  try {
    bytes = Uint8Array.from(atob(encoded), (char) => char.charCodeAt(0));
  } catch {
    return { kind: 'invalid', reason: 'not valid Base64' };
  }
  try {
    return { kind: 'base64', value: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { kind: 'invalid', reason: `the ${bytes.length} decoded bytes are not UTF-8 text` };
  }
}

/** True for the headers MCP defines; names are case-insensitive. */
export function isMcpHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('mcp-');
}

export interface McpHeaderRow {
  /** As it was sent or received (case kept). */
  name: string;
  raw: string;
  decoded: DecodedHeaderValue;
}

/** The MCP headers among an exchange's headers, in their order, each with its value decoded. */
export function mcpHeaderRows(pairs: ReadonlyArray<readonly [string, string]> | undefined): McpHeaderRow[] {
  if (!Array.isArray(pairs)) return [];
  return pairs.flatMap((pair) => {
    const [name, raw] = Array.isArray(pair) ? pair : [];
    if (typeof name !== 'string' || typeof raw !== 'string' || !isMcpHeader(name)) return [];
    return [{ name, raw, decoded: decodeMcpHeaderValue(raw) }];
  });
}

/** The value of one header (case-insensitive name) among an exchange's headers, decoded when encoded. */
export function mcpHeaderValue(pairs: ReadonlyArray<readonly [string, string]> | undefined, name: string): string | undefined {
  const row = mcpHeaderRows(pairs).find((r) => r.name.toLowerCase() === name.toLowerCase());
  if (!row) return undefined;
  return row.decoded.kind === 'invalid' ? row.raw : row.decoded.value;
}
