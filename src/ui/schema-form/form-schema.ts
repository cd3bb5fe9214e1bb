/**
 * Small, meaning-preserving rewrites that let @rjsf render schemas it otherwise shows as "unsupported":
 * a choice written as `oneOf`/`anyOf` of `const` options with no `type` (what zod emits for a union of
 * literals) gets the `type` all its options share, so rjsf renders it as a select with their titles.
 * The result is a new object; the server's schema is never mutated.
 */
import { ownEntries } from '../../shared/own.ts';
import { isRecord } from '../../shared/read.ts';

type Schema = Record<string, unknown>;

function constType(value: unknown): string | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (value === null) return 'null';
  return undefined;
}

function sharedConstType(options: unknown): string | undefined {
  if (!Array.isArray(options) || options.length === 0) return undefined;
  const types = new Set<string>();
  for (const option of options) {
    if (!isRecord(option) || !('const' in option)) return undefined;
    const type = typeof option.type === 'string' ? option.type : constType(option.const);
    if (!type) return undefined;
    types.add(type === 'integer' && types.has('number') ? 'number' : type);
  }
  if (types.has('integer') && types.has('number')) return 'number';
  return types.size === 1 ? [...types][0] : undefined;
}

const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];

export function prepareFormSchema(schema: Schema, depth = 0): Schema {
  // Bounded: the engine already limits depth, this keeps a pathological schema from costing more here.
  if (depth > 32) return schema;
  const out: Schema = { ...schema };
  for (const key of SUBSCHEMA_MAPS) {
    const map = schema[key];
    if (isRecord(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, isRecord(sub) ? prepareFormSchema(sub, depth + 1) : sub]),
      );
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => (isRecord(sub) ? prepareFormSchema(sub, depth + 1) : sub));
  }
  for (const key of SUBSCHEMAS) {
    const sub = schema[key];
    if (isRecord(sub)) out[key] = prepareFormSchema(sub, depth + 1);
  }
  if (out.type === undefined) {
    const type = sharedConstType(schema.oneOf) ?? sharedConstType(schema.anyOf);
    if (type) out.type = type;
  }
  return out;
}

/**
 * The uiSchema for a tool's arguments. A boolean that is optional and has no default gets a select with an
 * empty choice, so it can be left unset — a checkbox could only send true or false. An optional object says
 * how to leave it out. The keys are the server's property names, so the object has no prototype: rjsf reads
 * `uiSchema[name]`, and a property called `toString` or `__proto__` must find nothing there.
 */
export function buildUiSchema(schema: Schema, depth = 0): Record<string, unknown> {
  const ui: Record<string, unknown> = Object.create(null);
  if (depth > 32) return ui;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = requiredOf(schema);
  for (const [name, sub] of Object.entries(properties)) {
    if (!isRecord(sub)) continue;
    const types = Array.isArray(sub.type) ? sub.type : [sub.type];
    if (types.includes('boolean') && !required.has(name) && sub.default === undefined) {
      ui[name] = { 'ui:widget': 'select', 'ui:placeholder': '(not set)' };
    } else if (sub.type === 'object' || isRecord(sub.properties)) {
      const nested = buildUiSchema(sub, depth + 1);
      if (!required.has(name) && requiredOf(sub).size > 0)
        nested['ui:description'] = 'Optional: leave all of its fields empty to leave it out.';
      if (Object.keys(nested).length > 0) ui[name] = nested;
    } else if (sub.type === 'array' && isRecord(sub.items)) {
      const nested = buildUiSchema(sub.items, depth + 1);
      if (Object.keys(nested).length > 0) ui[name] = { items: nested };
    }
  }
  return ui;
}

function requiredOf(schema: Schema): Set<string> {
  return new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
}

/** Nothing typed: no value, an empty text, or an object none of whose fields has anything typed either. */
const isBlank = (value: unknown): boolean =>
  value === undefined || value === '' || (isRecord(value) && Object.values(value).every(isBlank));

/** Equal as JSON values. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((v, i) => same(v, b[i]));
  if (!isRecord(a) || !isRecord(b)) return false;
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}

/**
 * The form's data with every optional property nothing was typed into taken out, nested objects first.
 * "Nothing typed" is empty, or exactly what the form filled in by itself (`untouched`, rjsf's default form
 * state: it sets a required boolean to false). rjsf keeps an object for each nested object field, so an
 * optional `meta` whose own fields are required would otherwise block Run although the person left it alone.
 */
export function pruneEmptyOptional(
  schema: Schema,
  value: Record<string, unknown>,
  untouched?: unknown,
  depth = 0,
): Record<string, unknown> {
  if (depth > 32) return value;
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = requiredOf(schema);
  const initial = isRecord(untouched) ? untouched : {};
  const initialOf = (name: string) => (Object.hasOwn(initial, name) ? initial[name] : undefined);
  const out = ownEntries(
    Object.entries(value).map(([name, child]): [string, unknown] => {
      const sub = Object.hasOwn(properties, name) ? properties[name] : undefined;
      return [name, isRecord(sub) && isRecord(child) ? pruneEmptyOptional(sub, child, initialOf(name), depth + 1) : child];
    }),
  );
  for (const [name, child] of Object.entries(out)) {
    const leftAlone = isBlank(child) || (isRecord(child) && same(child, initialOf(name)));
    if (!required.has(name) && leftAlone) delete out[name];
  }
  return out;
}
