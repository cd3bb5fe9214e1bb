/**
 * A call's arguments from the command line: `--args '{…}'` first, then each `--arg name=value` over it,
 * each value read as the schema's type for that name says (a number, a boolean, JSON for an object or an
 * array, null), then the whole checked against the tool's inputSchema before anything is sent. A prompt's
 * arguments are strings, checked against the names it declares.
 */
import { checkJsonSchema } from '../../../engine/features/output-check.ts';
import type { PromptInfo } from '../../../shared/prompts-api.ts';
import { isRecord } from '../../../shared/read.ts';
import { UsageError } from '../../command/framework.ts';
import type { NamedArgument } from '../../command/options.ts';

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'null';
const JSON_TYPES: readonly string[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

/** The types a property's schema allows (`type` as a word or a list); empty when it does not say. */
function typesOf(schema: unknown): JsonType[] {
  if (!isRecord(schema)) return [];
  const { type } = schema;
  const listed = Array.isArray(type) ? type : [type];
  return listed.filter((t): t is JsonType => typeof t === 'string' && JSON_TYPES.includes(t));
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

/** One value read as one type, or undefined when it is not that type. */
function readAs(type: JsonType, raw: string): { value: unknown } | undefined {
  switch (type) {
    case 'string':
      return { value: raw };
    case 'null':
      return raw === 'null' ? { value: null } : undefined;
    case 'boolean':
      return raw === 'true' ? { value: true } : raw === 'false' ? { value: false } : undefined;
    case 'number':
    case 'integer': {
      const n = raw.trim() === '' ? NaN : Number(raw);
      return Number.isFinite(n) ? { value: n } : undefined;
    }
    case 'object':
    case 'array': {
      const parsed = parseJson(raw);
      const fits = parsed.ok && (type === 'array' ? Array.isArray(parsed.value) : isRecord(parsed.value));
      return fits ? { value: parsed.value } : undefined;
    }
  }
}

const EXAMPLES: Record<JsonType, string> = {
  string: 'text',
  null: 'null',
  boolean: 'true or false',
  number: 'a number, e.g. 3.5',
  integer: 'a whole number, e.g. 3',
  object: `a JSON object, e.g. '{"a": 1}'`,
  array: `a JSON array, e.g. '[1, 2]'`,
};

/**
 * A `--arg` value as the property's schema types it. A schema that names no type takes JSON when the value
 * is JSON (`3`, `true`, `{"a":1}`), else the text as a string.
 */
function argumentValue(arg: NamedArgument, propertySchema: unknown): unknown {
  const types = typesOf(propertySchema);
  if (types.length === 0) {
    const parsed = parseJson(arg.raw);
    return parsed.ok ? parsed.value : arg.raw;
  }
  // The most specific reading first: "null" is null and "3" a number before either is a string.
  const order: JsonType[] = ['null', 'boolean', 'integer', 'number', 'object', 'array', 'string'];
  for (const type of order.filter((t) => types.includes(t))) {
    const read = readAs(type, arg.raw);
    if (read) return read.value;
  }
  throw new UsageError(`--arg ${arg.name}=${arg.raw}: the inputSchema says ${arg.name} is ${types.map((t) => EXAMPLES[t]).join(', or ')}.`);
}

/** The arguments `--args` and `--arg` give, typed by `inputSchema`'s properties (not yet checked against it). */
export function toolArguments(
  inputSchema: Record<string, unknown>,
  base: Record<string, unknown> | undefined,
  args: readonly NamedArgument[],
): Record<string, unknown> {
  const properties = isRecord(inputSchema.properties) ? inputSchema.properties : {};
  const result: Record<string, unknown> = { ...base };
  for (const arg of args) result[arg.name] = argumentValue(arg, Object.hasOwn(properties, arg.name) ? properties[arg.name] : undefined);
  return result;
}

/** What breaks the tool's inputSchema in these arguments, each a line (empty when they fit). */
export function argumentProblems(inputSchema: Record<string, unknown>, value: Record<string, unknown>): string[] {
  return checkJsonSchema(value, inputSchema, '(arguments)').errors;
}

/** A prompt's arguments: strings, each a name the prompt declares, its required ones all given. Throws UsageError. */
export function promptArguments(
  prompt: PromptInfo,
  base: Record<string, unknown> | undefined,
  args: readonly NamedArgument[],
): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(base ?? {})) {
    if (typeof value !== 'string') throw new UsageError(`--args: prompt arguments are strings; ${name} is ${JSON.stringify(value)}.`);
    result[name] = value;
  }
  for (const arg of args) result[arg.name] = arg.raw;
  const declared = prompt.arguments.map((a) => a.name);
  const takes = declared.length === 0 ? 'it takes none' : `it takes ${declared.join(', ')}`;
  const unknown = Object.keys(result).filter((name) => !declared.includes(name));
  if (unknown.length > 0) throw new UsageError(`prompt ${prompt.name}: no argument named ${unknown.join(', ')}; ${takes}.`);
  const missing = prompt.arguments.filter((a) => a.required && !Object.hasOwn(result, a.name)).map((a) => a.name);
  if (missing.length > 0)
    throw new UsageError(`prompt ${prompt.name}: give ${missing.map((name) => `--arg ${name}=…`).join(' and ')} (required).`);
  return result;
}
