import type { IncomingMessage } from 'node:http';

/**
 * The JSON-RPC id of a request the relay answers itself (a refusal, a failure), so the client can pair the
 * answer with its request. JSON-RPC 2.0 allows `"id": null` only when the id cannot be determined: the body
 * is not JSON, not one request object, or has no string or number id.
 */
export type RequestId = string | number;

export function requestIdOf(body: unknown): RequestId | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { id } = body as { id?: unknown };
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

export function requestIdOfBytes(bytes: Uint8Array | undefined): RequestId | null {
  if (bytes === undefined || bytes.byteLength === 0) return null;
  try {
    return requestIdOf(JSON.parse(new TextDecoder().decode(bytes)));
  } catch {
    return null;
  }
}

/** What reading a request body gave: its bytes, or (past the limit) only the id found in it. */
export type BodyRead = { ok: true; bytes: Buffer } | { ok: false; id: RequestId | null };

/**
 * Reads a request body, keeping at most `maxBytes`. A body declared larger than that is not read at all:
 * the refusal must not wait on bytes a client may never send (one that declared 5 MiB and sent a byte got
 * no answer). A streamed body that grows past the limit is refused too, but its id still matters to the
 * client: the rest is read on, kept nowhere, through {@link TopLevelIdScanner} (clients put the id after
 * the params, at the very end), up to `maxScanBytes` in all.
 */
export async function readBodyOrId(req: IncomingMessage, maxBytes: number, maxScanBytes: number): Promise<BodyRead> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) return { ok: false, id: null };
  const scanner = new TopLevelIdScanner();
  let chunks: Buffer[] | undefined = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxScanBytes) return { ok: false, id: null };
    scanner.push(chunk);
    if (total > maxBytes) chunks = undefined;
    else chunks?.push(chunk);
  }
  if (chunks !== undefined) return { ok: true, bytes: Buffer.concat(chunks) };
  return { ok: false, id: scanner.result() };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d]);
/** Bytes that may start a number, `true`, `false` or `null`. */
const BARE_START = /^[-0-9tfn]$/;
/** An id longer than this is not echoed. */
const MAX_ID_BYTES = 1024;

/**
 * Finds the top-level `"id"` of a JSON object fed in chunks, keeping only the id's own bytes: for a body
 * too large to hold. It follows the structure (strings, escapes, nesting, keys and values of the top
 * level) but does not check every literal, so it finds the id of a body shaped as one JSON object and
 * answers null for anything else. As with `JSON.parse`, a repeated key's last value counts.
 */
export class TopLevelIdScanner {
  #started = false;
  #ended = false;
  #broken = false;
  #depth = 0;
  #inString = false;
  #escaped = false;
  /** At the top level: what comes next, and how many members came before. */
  #expect: 'key' | 'colon' | 'value' | 'comma' = 'key';
  #members = 0;
  /** The top-level key being read (its first bytes are enough to tell "id"). */
  #key: number[] | undefined;
  #valueIsId = false;
  /** A top-level bare value (number or literal) is being read. */
  #bare = false;
  /** The bytes of the id's value being read, or undefined when it is not the id's. */
  #capture: number[] | undefined;
  /** The raw text of the last id value: undefined when none, null when it was not a string or number. */
  #id: number[] | null | undefined;

  push(chunk: Uint8Array): void {
    for (const byte of chunk) {
      if (this.#broken) return;
      this.#step(byte);
    }
  }

  result(): RequestId | null {
    if (this.#broken || !this.#ended || !this.#id) return null;
    try {
      return requestIdOf({ id: JSON.parse(Buffer.from(this.#id).toString('utf8')) as unknown });
    } catch {
      return null;
    }
  }

  #step(byte: number): void {
    if (this.#ended) {
      if (!WHITESPACE.has(byte)) this.#broken = true;
      return;
    }
    if (!this.#started) {
      if (byte === 0x7b) [this.#started, this.#depth] = [true, 1];
      else if (!WHITESPACE.has(byte)) this.#broken = true;
      return;
    }
    if (this.#inString) return this.#stringByte(byte);
    if (this.#bare) {
      if (byte !== 0x2c && byte !== 0x7d && !WHITESPACE.has(byte)) return this.#keep(byte);
      this.#endValue();
    }
    if (WHITESPACE.has(byte)) return;
    const top = this.#depth === 1;
    if (byte === QUOTE) {
      this.#inString = true;
      if (!top) return;
      if (this.#expect === 'key') this.#key = [];
      else if (this.#expect === 'value') this.#beginValue(byte);
      else this.#broken = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (top) {
        if (this.#expect !== 'value') return void (this.#broken = true);
        // An object or array is no id: remembered as one that cannot be echoed.
        if (this.#valueIsId) this.#id = null;
      }
      this.#depth++;
    } else if (byte === 0x7d || byte === 0x5d) {
      this.#depth--;
      if (this.#depth === 1) this.#expect = 'comma';
      else if (this.#depth === 0) {
        const closes = byte === 0x7d && (this.#expect === 'comma' || (this.#expect === 'key' && this.#members === 0));
        if (closes) this.#ended = true;
        else this.#broken = true;
      }
    } else if (top) {
      if (byte === 0x3a && this.#expect === 'colon') this.#expect = 'value';
      else if (byte === 0x2c && this.#expect === 'comma') this.#expect = 'key';
      else if (this.#expect === 'value' && BARE_START.test(String.fromCharCode(byte))) {
        this.#bare = true;
        this.#beginValue(byte);
      } else this.#broken = true;
    }
  }

  #stringByte(byte: number): void {
    const top = this.#depth === 1;
    if (top && this.#key !== undefined && this.#key.length <= 2) this.#key.push(byte);
    if (top && this.#capture !== undefined) this.#keep(byte);
    if (this.#escaped) return void (this.#escaped = false);
    if (byte === BACKSLASH) return void (this.#escaped = true);
    if (byte !== QUOTE) return;
    this.#inString = false;
    if (!top) return;
    if (this.#key !== undefined) {
      // The key's bytes end with its closing quote: `id"`.
      this.#valueIsId = this.#key.length === 3 && this.#key[0] === 0x69 && this.#key[1] === 0x64 && this.#key[2] === QUOTE;
      this.#key = undefined;
      this.#expect = 'colon';
      this.#members++;
    } else this.#endValue();
  }

  #beginValue(byte: number): void {
    this.#capture = this.#valueIsId ? [byte] : undefined;
    this.#expect = 'comma';
  }

  #keep(byte: number): void {
    if (this.#capture === undefined) return;
    if (this.#capture.length >= MAX_ID_BYTES) [this.#capture, this.#id] = [undefined, null];
    else this.#capture.push(byte);
  }

  #endValue(): void {
    this.#bare = false;
    if (this.#capture !== undefined) this.#id = this.#capture;
    this.#capture = undefined;
  }
}
