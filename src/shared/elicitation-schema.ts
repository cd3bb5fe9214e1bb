/**
 * The restricted JSON Schema subset of form-mode elicitation (MCP 2025-11-25): a flat object of string,
 * number/integer, boolean, single-select enum (untitled, titled `oneOf`/`const`, legacy `enumNames`) and
 * multi-select array fields. Read once into a field list that both the engine (to refuse what it cannot
 * render, with -32602) and the form (to render, prefill and validate before Accept) use.
 */
import { ownValue } from './own.ts';
import type { ServerPattern } from './server-pattern.ts';
import { isRecord, num, str } from './read.ts';

interface EnumOption {
  value: string;
  label: string;
}

interface FieldBase {
  key: string;
  title?: string;
  description?: string;
  required: boolean;
}

type StringFormat = 'email' | 'uri' | 'date' | 'date-time';

export type ElicitField =
  | (FieldBase & { kind: 'string'; format?: StringFormat; minLength?: number; maxLength?: number; pattern?: string; default?: string })
  | (FieldBase & { kind: 'number'; integer: boolean; minimum?: number; maximum?: number; default?: number })
  | (FieldBase & { kind: 'boolean'; default?: boolean })
  | (FieldBase & { kind: 'enum'; options: EnumOption[]; default?: string })
  | (FieldBase & { kind: 'multi'; options: EnumOption[]; minItems?: number; maxItems?: number; default?: string[] });

/** What the form holds while the person edits: text for strings and numbers, so partial input survives. */
export type FieldValue = string | boolean | string[];
export type FormValues = Record<string, FieldValue>;

export type SchemaRead = { ok: true; fields: ElicitField[] } | { ok: false; reason: string };

/** A form with more fields than this is not something a person should be asked to fill in. */
const MAX_ELICIT_FIELDS = 100;
const FORMATS = new Set<string>(['email', 'uri', 'date', 'date-time']);

const nonNegInt = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V };
}

export function readRequestedSchema(schema: unknown): SchemaRead {
  if (!isRecord(schema)) return { ok: false, reason: 'requestedSchema must be an object.' };
  if (schema.type !== 'object') return { ok: false, reason: 'requestedSchema must have type "object".' };
  const properties = schema.properties ?? {};
  if (!isRecord(properties)) return { ok: false, reason: 'requestedSchema.properties must be an object.' };
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((k): k is string => typeof k === 'string') : []);
  const entries = Object.entries(properties);
  if (entries.length > MAX_ELICIT_FIELDS)
    return { ok: false, reason: `requestedSchema has ${entries.length} properties; at most ${MAX_ELICIT_FIELDS} are shown.` };
  const fields: ElicitField[] = [];
  for (const [key, property] of entries) {
    const field = readField(key, property, required.has(key));
    if (typeof field === 'string') return { ok: false, reason: `Property "${key}": ${field}` };
    fields.push(field);
  }
  return { ok: true, fields };
}

function readField(key: string, p: unknown, required: boolean): ElicitField | string {
  if (!isRecord(p)) return 'must be a schema object.';
  const base: FieldBase = { key, required, ...optional('title', str(p.title)), ...optional('description', str(p.description)) };
  const enumOptions = readEnumOptions(p);
  if (typeof enumOptions === 'string') return enumOptions;
  switch (p.type) {
    case 'string': {
      if (enumOptions) {
        const def = str(p.default);
        return {
          ...base,
          kind: 'enum',
          options: enumOptions,
          ...optional('default', def !== undefined && enumOptions.some((o) => o.value === def) ? def : undefined),
        };
      }
      const format = str(p.format);
      if (format !== undefined && !FORMATS.has(format)) return `string format "${format}" is not one of email, uri, date, date-time.`;
      return {
        ...base,
        kind: 'string',
        ...optional('format', format as StringFormat | undefined),
        ...optional('minLength', nonNegInt(p.minLength)),
        ...optional('maxLength', nonNegInt(p.maxLength)),
        ...optional('pattern', str(p.pattern)),
        ...optional('default', str(p.default)),
      };
    }
    case 'number':
    case 'integer':
      return {
        ...base,
        kind: 'number',
        integer: p.type === 'integer',
        ...optional('minimum', num(p.minimum)),
        ...optional('maximum', num(p.maximum)),
        ...optional('default', num(p.default)),
      };
    case 'boolean':
      return { ...base, kind: 'boolean', ...optional('default', typeof p.default === 'boolean' ? p.default : undefined) };
    case 'array': {
      if (!isRecord(p.items)) return 'a multi-select array needs an "items" schema.';
      const options = readEnumOptions(p.items);
      if (typeof options === 'string') return options;
      if (!options) return 'array items must be an enum (enum or anyOf of const/title).';
      const def = Array.isArray(p.default)
        ? p.default.filter((v): v is string => typeof v === 'string' && options.some((o) => o.value === v))
        : undefined;
      return {
        ...base,
        kind: 'multi',
        options,
        ...optional('minItems', nonNegInt(p.minItems)),
        ...optional('maxItems', nonNegInt(p.maxItems)),
        ...optional('default', def),
      };
    }
    default:
      return `type ${JSON.stringify(p.type ?? null)} is not in the elicitation subset (string, number, integer, boolean, array of enum).`;
  }
}

/** `enum` (+ legacy `enumNames`), `oneOf` or `anyOf` of `{const, title}`; undefined when none is present. */
function readEnumOptions(p: Record<string, unknown>): EnumOption[] | string | undefined {
  if (Array.isArray(p.enum)) {
    const values = p.enum.filter((v): v is string => typeof v === 'string');
    if (values.length !== p.enum.length) return 'enum values must be strings.';
    const names = Array.isArray(p.enumNames) ? p.enumNames : [];
    return values.map((value, i) => ({ value, label: typeof names[i] === 'string' ? (names[i] as string) : value }));
  }
  const titled = Array.isArray(p.oneOf) ? p.oneOf : Array.isArray(p.anyOf) ? p.anyOf : undefined;
  if (!titled) return undefined;
  const options: EnumOption[] = [];
  for (const option of titled) {
    if (!isRecord(option) || typeof option.const !== 'string') return 'titled enum options must be {const: string, title?}.';
    options.push({ value: option.const, label: str(option.title) ?? option.const });
  }
  return options;
}

/** Every field's default prefilled (SEP-1034); booleans without one start unchecked. */
export function initialValues(fields: ElicitField[]): FormValues {
  // Field names are the server's: `__proto__` or `toString` must be ordinary keys here.
  const values: FormValues = Object.create(null);
  for (const field of fields) {
    switch (field.kind) {
      case 'string':
      case 'enum':
        values[field.key] = field.default ?? '';
        break;
      case 'number':
        values[field.key] = field.default === undefined ? '' : String(field.default);
        break;
      case 'boolean':
        values[field.key] = field.default ?? false;
        break;
      case 'multi':
        values[field.key] = field.default ?? [];
    }
  }
  return values;
}

export type ContentCheck =
  { ok: true; content: Record<string, string | number | boolean | string[]> } | { ok: false; errors: Record<string, string> };

/** Validates the form against the schema and builds the `content` of an accept. */
/**
 * Compiles a server's `pattern` (`compileServerPattern` from `server-pattern.ts`, on the linear-time engine). Passed
 * in, so the engine worker loads that engine only when a form has a pattern.
 */
export type PatternCompiler = (pattern: string) => ServerPattern;

export function toContent(fields: ElicitField[], values: FormValues, compilePattern: PatternCompiler): ContentCheck {
  const content: Record<string, string | number | boolean | string[]> = Object.create(null);
  const errors: Record<string, string> = Object.create(null);
  for (const field of fields) {
    const value = ownValue(values, field.key);
    const problem = checkField(field, value, compilePattern, (v) => (content[field.key] = v));
    if (problem) errors[field.key] = problem;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, content };
}

function checkField(
  field: ElicitField,
  value: FieldValue | undefined,
  compileServerPattern: PatternCompiler,
  set: (v: string | number | boolean | string[]) => void,
): string | undefined {
  switch (field.kind) {
    case 'boolean':
      set(value === true);
      return undefined;
    case 'multi': {
      const list = Array.isArray(value) ? value : [];
      if (field.required && list.length === 0) return 'Choose at least one.';
      if (field.minItems !== undefined && list.length < field.minItems && (list.length > 0 || field.required))
        return `Choose at least ${field.minItems}.`;
      if (field.maxItems !== undefined && list.length > field.maxItems) return `Choose at most ${field.maxItems}.`;
      if (list.some((v) => !field.options.some((o) => o.value === v))) return 'Contains a value that is not an option.';
      if (list.length > 0 || field.required) set(list);
      return undefined;
    }
    default:
      break;
  }
  const text = typeof value === 'string' ? value : '';
  if (text.trim() === '') return field.required ? 'Required.' : undefined;
  if (field.kind === 'enum') {
    if (!field.options.some((o) => o.value === text)) return 'Choose one of the options.';
    set(text);
    return undefined;
  }
  if (field.kind === 'number') {
    const n = Number(text.trim());
    if (!Number.isFinite(n)) return 'Enter a number.';
    if (field.integer && !Number.isInteger(n)) return 'Enter a whole number.';
    if (field.minimum !== undefined && n < field.minimum) return `Must be at least ${field.minimum}.`;
    if (field.maximum !== undefined && n > field.maximum) return `Must be at most ${field.maximum}.`;
    set(n);
    return undefined;
  }
  const length = [...text].length;
  if (field.minLength !== undefined && length < field.minLength) return `At least ${field.minLength} characters.`;
  if (field.maxLength !== undefined && length > field.maxLength) return `At most ${field.maxLength} characters.`;
  if (field.format && !matchesFormat(field.format, text)) return FORMAT_HINTS[field.format];
  if (field.pattern !== undefined) {
    const regex = compileServerPattern(field.pattern);
    if (regex.ok && !regex.test(text)) return `Must match the pattern ${field.pattern}.`;
  }
  set(text);
  return undefined;
}

const FORMAT_HINTS: Record<StringFormat, string> = {
  email: 'Enter an email address, e.g. name@example.com.',
  uri: 'Enter a URI with a scheme, e.g. https://example.com.',
  date: 'Enter a date as YYYY-MM-DD.',
  'date-time': 'Enter a date and time, e.g. 2025-11-25T09:30:00Z.',
};

function matchesFormat(format: StringFormat, text: string): boolean {
  switch (format) {
    case 'email':
      return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
    case 'uri':
      try {
        return /^[a-z][a-z0-9+.-]*:/i.test(text) && new URL(text).protocol !== '';
      } catch {
        return false;
      }
    case 'date':
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && isRealDate(text);
    case 'date-time':
      return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/i.test(text) && isRealDate(text.slice(0, 10));
  }
}

function isRealDate(ymd: string): boolean {
  const [y, m, d] = ymd.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}
