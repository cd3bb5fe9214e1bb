/**
 * Picks the JSON Schema validator for a tool's inputSchema. MCP says a schema without `$schema` is 2020-12;
 * draft-07 schemas get Ajv's default (draft-07) class. Part of the lazily loaded form chunk.
 */
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { ajvServerRegExp, uncheckedPatterns } from '../../shared/server-pattern.ts';
import { detectDialect, type Dialect } from './dialect.ts';
import { prepareFormSchema, pruneEmptyOptional } from './form-schema.ts';

export interface ValidatorChoice {
  validator: ValidatorType;
  /** The schema as given to the form (an unknown `$schema` removed, so Ajv does not try to resolve it). */
  schema: RJSFSchema;
  dialect: Dialect;
  /** False when the page forbids compiling code, so nothing is checked in the browser. */
  checks: boolean;
  /** Something the person should know about how the arguments are checked. */
  note?: string;
}

// Ajv compiles schemas to JavaScript with `new Function`. Our own CSP allows that ('unsafe-eval', and the
// Trusted Types default policy lets the Function sink through), but a host may serve a stricter policy;
// there the form leaves validation to the server rather than fail on every keystroke. The policy is read
// from the page's CSP meta tag first, because merely trying eval under such a policy raises a violation
// report.
let evalAllowed: boolean | undefined;
function canCompile(): boolean {
  if (evalAllowed === undefined) evalAllowed = !metaPolicyForbidsEval() && tryEval();
  return evalAllowed;
}

function metaPolicyForbidsEval(): boolean {
  if (typeof document === 'undefined') return false;
  for (const meta of document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')) {
    const policy = meta.getAttribute('content') ?? '';
    const sources = /(?:^|;)\s*script-src\s+([^;]*)/i.exec(policy) ?? /(?:^|;)\s*default-src\s+([^;]*)/i.exec(policy);
    if (sources && !/'unsafe-eval'/i.test(sources[1] ?? '')) return true;
  }
  return false;
}

function tryEval(): boolean {
  try {
    return new Function('return true')() === true;
  } catch {
    return false;
  }
}

const cache = new Map<Dialect, ValidatorType>();
function ajvValidator(dialect: Dialect): ValidatorType {
  let validator = cache.get(dialect);
  if (!validator) {
    const AjvClass = dialect === '2020-12' ? Ajv2020 : dialect === '2019-09' ? Ajv2019 : undefined;
    // rjsf's Ajv runs non-strict (unknown keywords are ignored) and never loads a remote $ref. Server
    // patterns run on the linear-time engine: one keystroke must not start minutes of backtracking.
    // ownProperties: a property named toString or constructor is absent until typed, not Object.prototype's.
    validator = customizeValidator({
      ...(AjvClass && { AjvClass }),
      ajvOptionsOverrides: { code: { regExp: ajvServerRegExp }, ownProperties: true },
    });
    cache.set(dialect, validator);
  }
  return validator;
}

/**
 * The form's validator, judging the data as it will be sent: with every optional property nothing was typed
 * into left out (pruneEmptyOptional; `untouched` is the form's own default state for the whole schema). rjsf
 * keeps an object for each nested object field, so an optional `meta` whose own fields are required would
 * otherwise block Run although the person left it alone.
 */
export function judgingSentData(validator: ValidatorType, untouched: unknown): ValidatorType {
  // validateFormData and rawValidation see the whole form; isValid sees one branch of an anyOf/oneOf.
  const sent = (schema: RJSFSchema, data: unknown, whole: boolean): unknown =>
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? pruneEmptyOptional(schema as Record<string, unknown>, data as Record<string, unknown>, whole ? untouched : undefined)
      : data;
  return {
    validateFormData: (formData, schema, ...rest) => validator.validateFormData(sent(schema, formData, true), schema, ...rest),
    isValid: (schema, formData, rootSchema) => validator.isValid(schema, sent(schema, formData, false), rootSchema),
    rawValidation: (schema, formData) => validator.rawValidation(schema, sent(schema, formData, true)),
    ...(validator.reset && { reset: () => validator.reset?.() }),
  };
}

const permissive: ValidatorType = {
  validateFormData: () => ({ errors: [], errorSchema: {} }),
  isValid: () => true,
  rawValidation: () => ({ errors: [] }),
};

/**
 * One choice per inputSchema object. Ajv caches a compiled schema by its object, and the choice holds a
 * rewritten copy (prepareFormSchema): without this, every check compiled the schema anew (seconds for
 * 10,000 properties) and Ajv's cache grew by one copy each time.
 */
const chosen = new WeakMap<object, ValidatorChoice>();

/** Drops every compiled schema (Ajv keeps each until told): for a caller that bounds how many it holds. */
export function forgetCompiledSchemas(): void {
  for (const validator of cache.values()) validator.reset?.();
}

export function chooseValidator(inputSchema: Record<string, unknown>): ValidatorChoice {
  let choice = chosen.get(inputSchema);
  if (!choice) {
    choice = choose(inputSchema);
    chosen.set(inputSchema, choice);
  }
  return choice;
}

function choose(inputSchema: Record<string, unknown>): ValidatorChoice {
  const { dialect, known } = detectDialect(inputSchema);
  const schema = prepareFormSchema(inputSchema) as RJSFSchema;
  const notes: string[] = [];
  if (!known) {
    delete schema.$schema;
    notes.push(`The schema declares ${String(inputSchema.$schema)}; checking it as JSON Schema ${dialect}.`);
  }
  notes.push(...uncheckedPatterns(inputSchema));
  const note = notes.length > 0 ? notes.join(' ') : undefined;
  if (!canCompile()) {
    return {
      validator: permissive,
      schema,
      dialect,
      checks: false,
      note: 'Arguments are not checked in the browser (this page forbids compiling code); the server validates them.',
    };
  }
  return { validator: ajvValidator(dialect), schema, dialect, checks: true, ...(note ? { note } : {}) };
}
