/**
 * Byte-level bounds on what a server sends, applied while it streams in: a per-message byte cap (so a
 * 100 MB body is cut at the cap instead of after it is buffered), an idle timeout, JSON nesting depth
 * checked on the text before any parser recurses into it, and a UTF-8 check (the SDK silently turns bad
 * bytes into U+FFFD). What was received before a bound tripped is still handed to the log.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { Limits } from '../../shared/limits.ts';
import type { Clock } from '../clock.ts';

/** An error the engine raised itself on a server's behalf; `explainError` passes its EngineError through. */
export class StreamFault extends Error {
  constructor(readonly engineError: EngineError) {
    super(engineError.message);
    this.name = 'StreamFault';
  }
}

const formatBytes = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / (1024 * 1024)).toFixed(n % (1024 * 1024) === 0 ? 0 : 1)} MB`
    : n >= 1024
      ? `${Math.round(n / 1024)} KB`
      : `${n} bytes`;

export function tooLarge(limits: Limits, where: string): StreamFault {
  return new StreamFault({
    code: 'bad-response',
    message: `The server sent ${where} larger than ${formatBytes(limits.maxMessageBytes)}; MCP Lens stopped reading it. The part that arrived is in the Message log. Raise the message size limit if this is expected.`,
  });
}

export function idle(limits: Limits, where: string): StreamFault {
  return new StreamFault({
    code: 'timeout',
    message: `The server went silent for ${Math.round(limits.idleTimeoutMs / 1000)} s in the middle of ${where}; MCP Lens stopped waiting. What arrived is in the Message log.`,
  });
}

export function tooDeep(limits: Limits): StreamFault {
  return new StreamFault({
    code: 'bad-response',
    message: `The server sent JSON nested deeper than ${limits.maxJsonDepth} levels; MCP Lens refused it before parsing. The raw text is in the Message log.`,
  });
}

/**
 * The deepest nesting of `[`/`{` in a JSON text, stopping as soon as `max` is passed. Brackets inside
 * strings do not count. Linear and allocation-free, so it is safe to run on hostile input of any shape.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The byte offset of the first byte that is not valid UTF-8, or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    let need: number;
    let min: number;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const next = bytes[i + k];
      if (next === undefined || (next & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (next & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

export interface BoundedBody {
  text: string;
  /** Offset of the first invalid UTF-8 byte, when there is one (the text then holds U+FFFD there). */
  invalidUtf8At?: number;
}

/**
 * Reads a whole body with the byte cap and idle timeout enforced as it arrives. On a fault it cancels
 * the body and calls `onPartial` with what had arrived, then throws the fault.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array>,
  limits: Limits,
  clock: Clock,
  onPartial: (text: string) => void,
): Promise<BoundedBody> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const partialText = () => new TextDecoder().decode(concat(chunks, total));
  // One timer for the whole body, not one per chunk: when it fires it looks at the last chunk's time and
  // either trips or waits out the rest of the idle time from there. Tripping cancels the body, which ends
  // the pending read.
  let lastChunkAt = clock.now();
  let idled = false;
  let cancelIdle = () => undefined as void;
  const watchIdle = (ms: number) => {
    cancelIdle = clock.after(ms, () => {
      const quiet = clock.now() - lastChunkAt;
      if (quiet < limits.idleTimeoutMs) return watchIdle(limits.idleTimeoutMs - quiet);
      idled = true;
      void reader.cancel().catch(() => undefined);
    });
  };
  watchIdle(limits.idleTimeoutMs);
  try {
    for (;;) {
      const next = await reader.read();
      if (idled) {
        onPartial(partialText());
        throw idle(limits, 'a response body');
      }
      if (next.done) break;
      lastChunkAt = clock.now();
      total += next.value.byteLength;
      if (total > limits.maxMessageBytes) {
        await reader.cancel().catch(() => undefined);
        chunks.push(next.value);
        onPartial(partialText());
        throw tooLarge(limits, 'a response body');
      }
      chunks.push(next.value);
    }
  } finally {
    cancelIdle();
  }
  const bytes = concat(chunks, total);
  try {
    // The decoder's own check is native; the byte-by-byte search runs only to say where a bad byte is.
    return { text: STRICT_UTF8.decode(bytes) };
  } catch {
    const text = new TextDecoder().decode(bytes);
    const bad = firstInvalidUtf8(bytes);
    return bad === -1 ? { text } : { text, invalidUtf8At: bad };
  }
}

/** Throws on the first malformed sequence instead of putting U+FFFD in its place. Stateless between calls. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}
