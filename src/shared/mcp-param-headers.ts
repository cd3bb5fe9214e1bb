/**
 * `x-mcp-header` (MCP 2026-07-28, SEP-2243): a tool's inputSchema may ask for an argument to be mirrored
 * into an `Mcp-Param-<Name>` HTTP header on `tools/call`, so proxies can route without reading the body.
 * A client MUST leave out tools whose declarations break the rules; MCP Lens keeps them in the list, struck
 * through, with the reason. Pure functions, shared by the engine (which sends the headers) and the UI
 * (which shows them per tool).
 */
import { isRecord } from './read.ts';

export interface ParamHeader {
  /** The argument's path through `properties` (usually one name). */
  path: string[];
  /** The header is `Mcp-Param-<name>`. */
  name: string;
  type: 'string' | 'integer' | 'boolean';
}

export type HeaderScan = { ok: true; headers: ParamHeader[] } | { ok: false; reason: string };

const KEY = 'x-mcp-header';
/** RFC 9110 token: no spaces, controls or delimiters. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const PRIMITIVE = new Set(['string', 'integer', 'boolean']);
/** Subschema keywords a declaration may not sit under: it must be reachable through `properties` alone. */
const UNREACHABLE = [
  'items',
  'prefixItems',
  'additionalProperties',
  'unevaluatedProperties',
  'contains',
  'propertyNames',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'if',
  'then',
  'else',
];
const UNREACHABLE_MAPS = ['patternProperties', 'dependentSchemas', '$defs', 'definitions'];
const MAX_DEPTH = 32;

const where = (path: string[]) => (path.length === 0 ? 'the schema root' : `"${path.join('.')}"`);

/** Finds every declaration, or the first rule a declaration breaks. */
export function scanParamHeaders(inputSchema: unknown): HeaderScan {
  const headers: ParamHeader[] = [];
  const seen = new Map<string, string>();
  const visit = (node: unknown, path: string[], reachable: boolean, depth: number): string | undefined => {
    if (!isRecord(node) || depth > MAX_DEPTH) return undefined;
    if (Object.hasOwn(node, KEY)) {
      const fault = declare(node, path, reachable);
      if (fault) return fault;
    }
    const children: [unknown, string[], boolean][] = [];
    if (isRecord(node.properties))
      for (const [key, child] of Object.entries(node.properties)) children.push([child, [...path, key], reachable]);
    for (const key of UNREACHABLE) {
      const sub = node[key];
      for (const branch of Array.isArray(sub) ? sub : [sub]) children.push([branch, [...path, `<${key}>`], false]);
    }
    for (const key of UNREACHABLE_MAPS)
      if (isRecord(node[key])) for (const branch of Object.values(node[key])) children.push([branch, [...path, `<${key}>`], false]);
    for (const [child, childPath, childReachable] of children) {
      const fault = visit(child, childPath, childReachable, depth + 1);
      if (fault) return fault;
    }
    return undefined;
  };
  const declare = (node: Record<string, unknown>, path: string[], reachable: boolean): string | undefined => {
    const name = node[KEY];
    if (!reachable || path.length === 0) return `x-mcp-header at ${where(path)} is not reachable through "properties" alone`;
    if (typeof name !== 'string' || name === '') return `x-mcp-header at ${where(path)} must be a non-empty string`;
    if (!TOKEN.test(name)) return `x-mcp-header "${name}" is not a valid header name (RFC 9110 token)`;
    const type = typeof node.type === 'string' ? node.type : undefined;
    if (!type || !PRIMITIVE.has(type))
      return `x-mcp-header "${name}" is on a property of type ${type ?? '(none)'}; only string, integer and boolean may be mirrored`;
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) return `x-mcp-header "${name}" repeats "${earlier}" (header names ignore case)`;
    seen.set(name.toLowerCase(), name);
    headers.push({ path, name, type: type as ParamHeader['type'] });
    return undefined;
  };
  const fault = visit(inputSchema, [], true, 0);
  return fault ? { ok: false, reason: fault } : { ok: true, headers };
}

const SENTINEL_START = '=?base64?';
const SENTINEL_END = '?=';

/** A header value as the spec encodes it: plain visible ASCII as is, anything else as `=?base64?…?=`. */
function encodeParamValue(value: string): string {
  const plain =
    /^[\x20-\x7e]*$/.test(value) &&
    value === value.replace(/^ +| +$/g, '') &&
    !(value.startsWith(SENTINEL_START) && value.endsWith(SENTINEL_END));
  if (plain) return value;
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `${SENTINEL_START}${btoa(binary)}${SENTINEL_END}`;
}

/** The `Mcp-Param-*` headers for a call's arguments; a null, absent or non-primitive value sends none. */
export function paramHeaderValues(headers: ParamHeader[], args: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const header of headers) {
    let value: unknown = args;
    for (const key of header.path) value = isRecord(value) && Object.hasOwn(value, key) ? value[key] : undefined;
    const text =
      typeof value === 'string'
        ? value
        : typeof value === 'boolean'
          ? String(value)
          : typeof value === 'number' && Number.isSafeInteger(value)
            ? String(value)
            : undefined;
    if (text !== undefined) out[`Mcp-Param-${header.name}`] = encodeParamValue(text);
  }
  return out;
}
