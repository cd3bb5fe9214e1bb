/**
 * Arguments for a tool call made without a person: values the tool's inputSchema accepts, or a reason why
 * none could be invented. Strict servers refuse arguments that break `minLength`, `pattern`, `format` or
 * `minItems`, so each value is built to the constraints, and the whole is checked against the schema before
 * it is sent; a tool whose schema cannot be satisfied is skipped and named, never called with a guess.
 */
import { checkJsonSchema } from './output-check.ts';
import { ownValue } from '../../shared/own.ts';
import { samplePattern } from './sample-pattern.ts';
import { describeError, isRecord, num } from '../../shared/read.ts';

type Schema = Record<string, unknown>;
export type SampledArguments = { ok: true; arguments: Record<string, unknown> } | { ok: false; reason: string };

class Unsatisfiable extends Error {}

const MAX_DEPTH = 16;

/** One sample for each common `format`; the ones JSON Schema defines and tools use. */
const FORMAT_SAMPLES: Record<string, string> = {
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  uri: 'https://example.com/',
  url: 'https://example.com/',
  'uri-reference': 'https://example.com/',
  iri: 'https://example.com/',
  date: '2026-01-01',
  'date-time': '2026-01-01T00:00:00Z',
  time: '12:00:00Z',
  duration: 'P1D',
  uuid: '00000000-0000-4000-8000-000000000000',
  ipv4: '127.0.0.1',
  ipv6: '::1',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  'json-pointer': '/a',
  regex: '.*',
};

export function sampleArguments(inputSchema: Schema): SampledArguments {
  let value: unknown;
  try {
    value = sample(inputSchema, inputSchema, 0);
  } catch (error) {
    return { ok: false, reason: describeError(error) };
  }
  const args = isRecord(value) ? value : {};
  const check = checkJsonSchema(args, inputSchema, '(arguments)');
  if (check.errors.length > 0) return { ok: false, reason: `the invented arguments would not match the schema: ${check.errors[0]}` };
  return { ok: true, arguments: args };
}

function resolve(schema: Schema, root: Schema): Schema {
  const ref = schema.$ref;
  if (typeof ref !== 'string') return schema;
  const match = /^#\/(\$defs|definitions)\/([^/]+)$/.exec(ref);
  const defs = match ? root[match[1]!] : undefined;
  const target = match && isRecord(defs) ? ownValue(defs, decodeURIComponent(match[2]!)) : undefined;
  if (!isRecord(target)) throw new Unsatisfiable(`it uses a $ref (${ref}) the CLI does not follow`);
  return target;
}

function sample(raw: Schema, root: Schema, depth: number): unknown {
  if (depth > MAX_DEPTH) throw new Unsatisfiable('its schema nests too deeply');
  const schema = resolve(raw, root);
  if ('const' in schema) return schema.const;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  for (const key of ['oneOf', 'anyOf']) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0) {
      const first = options.find(isRecord);
      if (first) return sample({ ...withoutKey(schema, key), ...first }, root, depth + 1);
    }
  }
  if (Array.isArray(schema.allOf)) return sample(mergeAll(schema), root, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const type = types.find((t) => t !== 'null') ?? (types.includes('null') ? 'null' : inferType(schema));
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return sampleNumber(schema, type === 'integer');
    case 'array':
      return sampleArray(schema, root, depth);
    case 'object':
      return sampleObject(schema, root, depth);
    default:
      return sampleString(schema);
  }
}

function withoutKey(schema: Schema, key: string): Schema {
  return Object.fromEntries(Object.entries(schema).filter(([k]) => k !== key));
}

/** `allOf` members folded into one schema: properties and required lists joined, other keywords last one wins. */
function mergeAll(schema: Schema): Schema {
  const merged: Schema = withoutKey(schema, 'allOf');
  for (const member of (schema.allOf as unknown[]).filter(isRecord)) {
    const properties = {
      ...(isRecord(merged.properties) ? merged.properties : {}),
      ...(isRecord(member.properties) ? member.properties : {}),
    };
    const required = [
      ...(Array.isArray(merged.required) ? merged.required : []),
      ...(Array.isArray(member.required) ? member.required : []),
    ];
    Object.assign(merged, member, { properties, required });
  }
  return merged;
}

function inferType(schema: Schema): string {
  if (isRecord(schema.properties)) return 'object';
  if (schema.items !== undefined) return 'array';
  return 'string';
}

function sampleString(schema: Schema): string {
  const minLength = num(schema.minLength) ?? 0;
  const maxLength = num(schema.maxLength) ?? Infinity;
  const format = typeof schema.format === 'string' ? ownValue(FORMAT_SAMPLES, schema.format) : undefined;
  let value: string | undefined;
  if (typeof schema.pattern === 'string') {
    value = samplePattern(schema.pattern, minLength);
    if (value === undefined) throw new Unsatisfiable(`no value could be invented for the pattern ${schema.pattern}`);
  } else {
    value = format ?? 'test';
    if ([...value].length < minLength) value = value + 'x'.repeat(minLength - [...value].length);
  }
  if ([...value].length > maxLength) {
    if (format || typeof schema.pattern === 'string') throw new Unsatisfiable(`no value fits maxLength ${maxLength}`);
    value = [...value].slice(0, maxLength).join('');
  }
  return value;
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const [min, max, above, below] = [schema.minimum, schema.maximum, schema.exclusiveMinimum, schema.exclusiveMaximum].map(num);
  const step = num(schema.multipleOf);
  const fits = (v: number) =>
    (min === undefined || v >= min) &&
    (max === undefined || v <= max) &&
    (above === undefined || v > above) &&
    (below === undefined || v < below) &&
    (!integer || Number.isInteger(v)) &&
    (step === undefined || step <= 0 || Number.isInteger(v / step));
  const low = min ?? above;
  const high = max ?? below;
  // The lowest allowed value first; then points inside the bounds, then plain numbers.
  const candidates = [min, above, low !== undefined && high !== undefined ? (low + high) / 2 : undefined, 1, 0, max]
    .flatMap((v) =>
      v === undefined
        ? []
        : [v, Math.ceil(v), Math.floor(v) + 1, step ? Math.ceil(v / step) * step : v, step ? (Math.floor(v / step) + 1) * step : v],
    )
    .filter((v) => Number.isFinite(v));
  const value = candidates.find(fits);
  if (value === undefined) throw new Unsatisfiable('no number lies between its minimum and maximum');
  return value;
}

function sampleArray(schema: Schema, root: Schema, depth: number): unknown[] {
  const count = num(schema.minItems) ?? 0;
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.filter(isRecord) : [];
  const items = isRecord(schema.items) ? schema.items : {};
  const out: unknown[] = [];
  for (let index = 0; index < count; index++) {
    const itemSchema = prefix[index] ?? items;
    // Distinct items for uniqueItems: an enum supplies its own, strings and numbers get an index.
    const enumValues = Array.isArray(itemSchema.enum) ? itemSchema.enum : undefined;
    if (schema.uniqueItems === true && enumValues) {
      if (index >= enumValues.length) throw new Unsatisfiable('its array needs more distinct items than its enum offers');
      out.push(enumValues[index]);
      continue;
    }
    const value = sample(itemSchema, root, depth + 1);
    out.push(schema.uniqueItems === true && index > 0 ? distinct(value, index) : value);
  }
  return out;
}

function distinct(value: unknown, index: number): unknown {
  if (typeof value === 'string') return `${value}${index}`;
  if (typeof value === 'number') return value + index;
  throw new Unsatisfiable('its array needs distinct items the CLI cannot invent');
}

function sampleObject(schema: Schema, root: Schema, depth: number): Record<string, unknown> {
  const properties = isRecord(schema.properties) ? schema.properties : {};
  const required = Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : [];
  // Only the required properties: each optional one is one more constraint to get wrong.
  return Object.fromEntries(
    required.map((name) => {
      const property = ownValue(properties, name);
      return [name, sample(isRecord(property) ? property : {}, root, depth + 1)];
    }),
  );
}
