import { isRecord, num, record, str } from '../../shared/read.ts';
/**
 * The parts of a 2026-07-28 message an inspector pulls out of the JSON: the `_meta` envelope every
 * request carries (protocol version, client capabilities and info, log level, under
 * `io.modelcontextprotocol/` keys), the result's `_meta` (the server's info) and its `resultType`. The
 * message is the server's (or ours, echoed): read defensively.
 */

/** The modern era's probe; a 2025 server does not know it, so it is how the era is found. */
export const ERA_PROBE_METHOD = 'server/discover';
const ENVELOPE_PREFIX = 'io.modelcontextprotocol/';
const MAX_RESULT_TYPE_CHARS = 40;
const MAX_ERROR_LINE_CHARS = 200;

export interface SplitMeta {
  /** The `_meta` object as sent. */
  meta: Record<string, unknown>;
  /** Its `io.modelcontextprotocol/*` keys, without the prefix (e.g. `protocolVersion`). */
  envelopeKeys: string[];
  /** The message with that `_meta` left out, for the main JSON view. */
  rest: Record<string, unknown>;
}

function split(message: unknown, field: 'params' | 'result'): SplitMeta | undefined {
  if (!isRecord(message)) return undefined;
  const holder = message[field];
  if (!isRecord(holder) || !isRecord(holder._meta)) return undefined;
  const { _meta: meta, ...others } = holder;
  const envelopeKeys = Object.keys(meta).flatMap((key) => (key.startsWith(ENVELOPE_PREFIX) ? [key.slice(ENVELOPE_PREFIX.length)] : []));
  return { meta, envelopeKeys, rest: { ...message, [field]: others } };
}

/** A request's `params._meta` split from the rest of it. */
export const requestMeta = (message: unknown) => split(message, 'params');

/** A response's `result._meta` split from the rest of it. */
export const resultMeta = (message: unknown) => split(message, 'result');

/** A result's `resultType` (2026-07-28: "complete", "input_required", an extension's "task"), bounded. */
export function resultTypeOf(message: unknown): string | undefined {
  const result = isRecord(message) ? message.result : undefined;
  const type = isRecord(result) ? result.resultType : undefined;
  return typeof type === 'string' ? type.slice(0, MAX_RESULT_TYPE_CHARS) : undefined;
}

/** The badge colour for a result type: the spec's two core values and the tasks extension's, else unknown. */
export function resultTypeTone(type: string): 'complete' | 'pending' | 'unknown' {
  if (type === 'complete') return 'complete';
  return type === 'input_required' || type === 'task' ? 'pending' : 'unknown';
}

/**
 * A JSON-RPC error's code and message on one line ("-32600 Bad Request"), for a row that names no method:
 * an error the log cannot pair with a request (its id is null, as many servers answer a request they
 * could not read) would otherwise be a blank row.
 */
export function errorLineOf(message: unknown): string | undefined {
  const error = record(record(message)?.error);
  if (!error) return undefined;
  const code = num(error.code);
  const text = str(error.message)?.replace(/\s+/g, ' ').trim();
  const line = [code === undefined ? undefined : String(code), text].filter(Boolean).join(' ');
  return line === '' ? undefined : line.slice(0, MAX_ERROR_LINE_CHARS);
}
