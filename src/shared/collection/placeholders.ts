/**
 * Placeholders in a step's params: `${env:NAME}`, `${var:NAME}`, `${capture:NAME}`. A string that is one
 * placeholder and nothing else takes the value's own type (a captured number stays a number, an object an
 * object); inside longer text a value is written as text (JSON for objects). `$${` is a literal `${`.
 */
import { isRecord } from '../read.ts';
import type { Collection } from './format.ts';

type PlaceholderSource = 'env' | 'var' | 'capture';
export interface Placeholder {
  source: PlaceholderSource;
  name: string;
}

const PLACEHOLDER = /\$?\$\{(env|var|capture):([A-Za-z_][A-Za-z0-9_.-]*)\}/g;
const WHOLE = /^\$\{(env|var|capture):([A-Za-z_][A-Za-z0-9_.-]*)\}$/;

/** Looks a placeholder's value up: undefined when it has none (an unset variable, a capture that did not happen). */
export type PlaceholderLookup = (placeholder: Placeholder) => unknown;

/** Every placeholder in a value (strings anywhere inside it), in order, each once. */
export function placeholdersIn(value: unknown): Placeholder[] {
  const seen = new Map<string, Placeholder>();
  walkStrings(value, (text) => {
    for (const match of text.matchAll(PLACEHOLDER)) {
      if (match[0].startsWith('$$')) continue;
      const placeholder = { source: match[1] as PlaceholderSource, name: match[2]! };
      seen.set(`${placeholder.source}:${placeholder.name}`, placeholder);
    }
  });
  return [...seen.values()];
}

/** The value with its placeholders filled in, or the ones that have no value. */
export function fillPlaceholders(
  value: unknown,
  lookup: PlaceholderLookup,
): { ok: true; value: unknown } | { ok: false; missing: Placeholder[] } {
  const missing = placeholdersIn(value).filter((placeholder) => lookup(placeholder) === undefined);
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, value: fill(value, lookup) };
}

function fill(value: unknown, lookup: PlaceholderLookup): unknown {
  if (typeof value === 'string') return fillString(value, lookup);
  if (Array.isArray(value)) return value.map((item) => fill(item, lookup));
  if (isRecord(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, lookup)]));
  return value;
}

function fillString(text: string, lookup: PlaceholderLookup): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return lookup({ source: whole[1] as PlaceholderSource, name: whole[2]! });
  return text.replace(PLACEHOLDER, (match: string, source: PlaceholderSource, name: string) => {
    if (match.startsWith('$$')) return match.slice(1);
    const found = lookup({ source, name });
    return typeof found === 'string' ? found : JSON.stringify(found);
  });
}

function walkStrings(value: unknown, visit: (text: string) => void): void {
  if (typeof value === 'string') visit(value);
  else if (Array.isArray(value)) for (const item of value) walkStrings(item, visit);
  else if (isRecord(value)) for (const item of Object.values(value)) walkStrings(item, visit);
}

export const placeholderText = ({ source, name }: Placeholder): string => `\${${source}:${name}}`;

/** The placeholders a run cannot fill before it starts: unset environment variables, `var`s with no value. */
export function unsetVariables(
  collection: Collection,
  env: (name: string) => string | undefined,
  vars: Readonly<Record<string, string>> = {},
): Placeholder[] {
  const lookup = variableLookup(collection, env, vars);
  return collection.steps
    .flatMap((step) => placeholdersIn(step.request.params))
    .filter(
      (placeholder, index, all) =>
        placeholder.source !== 'capture' &&
        lookup(placeholder) === undefined &&
        all.findIndex((p) => p.name === placeholder.name && p.source === placeholder.source) === index,
    );
}

export function variableLookup(collection: Collection, env: (name: string) => string | undefined, vars: Readonly<Record<string, string>>) {
  return ({ source, name }: Placeholder): string | undefined =>
    source === 'env'
      ? env(name)
      : source === 'var'
        ? Object.hasOwn(vars, name)
          ? vars[name]
          : collection.variables?.[name]?.default
        : undefined;
}
