/**
 * Checks structuredContent against a tool's outputSchema in the engine. Ajv, with server patterns on the
 * linear-time engine (`shared/server-pattern.ts`): a `pattern` with catastrophic backtracking must not block
 * the worker, or the result, Ping and reconnects all wait behind it. Nothing here fetches: no `loadSchema`,
 * so a remote `$ref` fails to compile instead of being dereferenced.
 */
import Ajv, { type ValidateFunction } from 'ajv';
import Ajv2019 from 'ajv/dist/2019';
import Ajv2020 from 'ajv/dist/2020';
import { ajvServerRegExp, uncheckedPatterns } from '../../shared/server-pattern.ts';
import { describeError } from '../../shared/read.ts';

export interface OutputCheck {
  errors: string[];
  /** Parts of the schema that were not checked, e.g. a pattern the linear-time engine cannot run. */
  notes: string[];
}

const MAX_ERRORS = 20;
type AjvInstance = InstanceType<typeof Ajv>;
const instances = new Map<string, AjvInstance>();
const compiled = new WeakMap<object, ValidateFunction>();

/** The shared Ajv for the schema's dialect (`$schema`: draft-07, 2019-09, else 2020-12); the audit checks schemas with it too. */
export function ajvFor(schema: Record<string, unknown>): AjvInstance {
  const declared = typeof schema.$schema === 'string' ? schema.$schema : '';
  const dialect = /draft-0[467]/.test(declared) ? 'draft-07' : /2019-09/.test(declared) ? '2019-09' : '2020-12';
  let ajv = instances.get(dialect);
  if (!ajv) {
    const AjvClass = dialect === 'draft-07' ? Ajv : dialect === '2019-09' ? Ajv2019 : Ajv2020;
    // Formats are not asserted (JSON Schema 2020-12 makes them annotations by default). ownProperties: a
    // property named toString or constructor is absent unless the value has it, not Object.prototype's.
    ajv = new AjvClass({
      strict: false,
      allErrors: true,
      validateFormats: false,
      logger: false,
      ownProperties: true,
      code: { regExp: ajvServerRegExp },
    });
    instances.set(dialect, ajv);
  }
  return ajv;
}

function validatorFor(schema: Record<string, unknown>): ValidateFunction {
  const cached = compiled.get(schema);
  if (cached) return cached;
  const ajv = ajvFor(schema);
  // Ajv resolves `$schema` against its own meta-schemas only; an unknown one would fail the compile.
  const { $schema: _declared, ...rest } = schema;
  const validate = ajv.compile(rest);
  // Ajv caches each compiled schema by identity; the WeakMap is our cache, so Ajv's must not pin every tool.
  ajv.removeSchema(rest);
  compiled.set(schema, validate);
  return validate;
}

/** The spec: a tool with an outputSchema must return conforming structuredContent. */
export function checkStructuredContent(structured: unknown, outputSchema: Record<string, unknown>): OutputCheck {
  return checkJsonSchema(structured, outputSchema, '(structuredContent)');
}

/** A value against a server's schema; `root` names the value in messages about its top level. */
export function checkJsonSchema(value: unknown, schema: Record<string, unknown>, root: string): OutputCheck {
  const notes = uncheckedPatterns(schema);
  try {
    const validate = validatorFor(schema);
    if (validate(value)) return { errors: [], notes };
    const errors = (validate.errors ?? [])
      .slice(0, MAX_ERRORS)
      .map((error) => `${error.instancePath || root} ${error.message ?? 'is invalid'}`);
    return { errors: errors.length > 0 ? errors : [`${root} does not match the schema.`], notes };
  } catch (error) {
    return {
      errors: [`The schema could not be used for validation: ${describeError(error)}`],
      notes,
    };
  }
}
