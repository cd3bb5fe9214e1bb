/** JSON Pointer (RFC 6901), as collections name a place in a result: `""` is the whole, `/content/0/text` a part. */
import { isRecord } from '../read.ts';

export type PointerCheck = { ok: true; tokens: string[] } | { ok: false; reason: string };

/** The reference tokens of a pointer, or why it is not one (it must be empty or start with "/"; "~" only as ~0 or ~1). */
export function parsePointer(pointer: string): PointerCheck {
  if (pointer === '') return { ok: true, tokens: [] };
  if (!pointer.startsWith('/')) return { ok: false, reason: `"${pointer}" is not a JSON Pointer: it must be "" or start with "/"` };
  const tokens: string[] = [];
  for (const raw of pointer.slice(1).split('/')) {
    if (/~[^01]|~$/.test(raw))
      return { ok: false, reason: `"${pointer}" is not a JSON Pointer: "~" must be written ~0, and "/" inside a name ~1` };
    tokens.push(raw.replaceAll('~1', '/').replaceAll('~0', '~'));
  }
  return { ok: true, tokens };
}

/** A pointer to a token list, escaped: the inverse of parsePointer. */
export const pointerOf = (tokens: readonly (string | number)[]): string =>
  tokens.map((token) => `/${String(token).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('');

/** What the pointer names in `value`, or `found: false` when a step of it does not exist. */
export function resolvePointer(value: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  const parsed = parsePointer(pointer);
  if (!parsed.ok) return { found: false };
  let here = value;
  for (const token of parsed.tokens) {
    if (Array.isArray(here)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= here.length) return { found: false };
      here = here[Number(token)];
    } else if (isRecord(here) && Object.hasOwn(here, token)) {
      here = here[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: here };
}
