/**
 * Regular expressions a server supplied (`pattern`, `patternProperties`). JavaScript's RegExp backtracks, so
 * `^(a+)+$` against a long near-miss runs for minutes and freezes the page or blocks the worker. These run
 * on re2js, a pure-JS port of RE2, whose matching time is linear in the input. RE2 refuses what it cannot do
 * in linear time (backreferences, lookaround) and absurd repeat counts; such a pattern is not checked, and
 * says so, rather than run on the backtracking engine.
 */
import { RE2JS } from 're2js';

export type ServerPattern = { ok: true; test(text: string): boolean } | { ok: false; reason: string };

/** Longer patterns are not compiled at all: RE2's compile time and memory grow with the pattern. */
export const MAX_PATTERN_LENGTH = 1000;
const CACHE_SIZE = 500;
const cache = new Map<string, ServerPattern>();

/** Compiles a server's pattern for linear-time matching, or says why it cannot be checked. Never throws. */
export function compileServerPattern(pattern: string): ServerPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const compiled = compile(pattern);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, compiled);
  return compiled;
}

function compile(pattern: string): ServerPattern {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, reason: `it is longer than ${MAX_PATTERN_LENGTH} characters` };
  try {
    const re = RE2JS.compile(RE2JS.translateRegExp(pattern));
    return { ok: true, test: (text) => re.test(text) };
  } catch (error) {
    const detail = error instanceof Error ? error.message.replace(/^error parsing regexp: /, '') : String(error);
    return { ok: false, reason: `it uses a feature this checker does not support or that is too expensive (${detail})` };
  }
}

/** The sentence a person reads about a pattern that is not checked. */
function uncheckedPatternNote(pattern: string, reason: string): string {
  const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
  return `The pattern ${shown} is not checked here: ${reason}.`;
}

/** Why `pattern` cannot be checked, or undefined when it can (a collection's `matches`, read.ts). */
export function serverPatternProblem(pattern: string): string | undefined {
  const compiled = compileServerPattern(pattern);
  return compiled.ok ? undefined : compiled.reason;
}

/**
 * Ajv's `code.regExp` engine. A pattern re2js cannot run matches everything: the value is not refused for a
 * rule nobody could check. `uncheckedPatterns` finds those patterns so the person is told.
 */
export function ajvServerRegExp(pattern: string): { test(text: string): boolean; toString(): string } {
  const compiled = compileServerPattern(pattern);
  // Ajv shares one compiled pattern per `toString()`, so each must name its own source.
  return { test: compiled.ok ? compiled.test : () => true, toString: () => `re2:${pattern}` };
}
ajvServerRegExp.code = 'ajvServerRegExp';

const MAX_WALK_NODES = 20_000;

/** Every `pattern` and `patternProperties` key in a schema that re2js cannot run, with the reason, as notes. */
export function uncheckedPatterns(schema: unknown): string[] {
  const notes = new Map<string, string>();
  const note = (pattern: string) => {
    const compiled = compileServerPattern(pattern);
    if (!compiled.ok && !notes.has(pattern)) notes.set(pattern, uncheckedPatternNote(pattern, compiled.reason));
  };
  const stack: unknown[] = [schema];
  for (let visited = 0; stack.length > 0 && visited < MAX_WALK_NODES; visited++) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (typeof record.pattern === 'string') note(record.pattern);
    const patternProperties = record.patternProperties;
    if (typeof patternProperties === 'object' && patternProperties !== null) Object.keys(patternProperties).forEach(note);
    for (const [key, value] of Object.entries(record)) if (key !== 'const' && key !== 'enum' && key !== 'default') stack.push(value);
  }
  return [...notes.values()];
}
