/**
 * A tool's JSON Schema as Gemini's function declarations accept it. Gemini's `parameters` is a subset of
 * the OpenAPI 3.0 schema object, and a request with a keyword outside it is refused whole (HTTP 400), so one
 * unusual tool would break the Playground for every tool. What is kept, changed and dropped:
 * - kept: `type` (one), `format`, `title`, `description`, `nullable`, string `enum`, `items`, `properties`,
 *   `required` (only names that are properties), `minItems`/`maxItems`, `minLength`/`maxLength`, `pattern`,
 *   `minimum`/`maximum`, `minProperties`/`maxProperties`, `anyOf`, `default`;
 * - changed: a type list (`["string","null"]`) becomes one type plus `nullable`, or `anyOf` of the types;
 *   `oneOf` becomes `anyOf`; `const` and non-string `enum` values become words in the description; a local
 *   `$ref` (`#/$defs/…`, `#/definitions/…`) is inlined, at most 6 deep, and a cycle beyond that is cut;
 * - dropped: everything else (`additionalProperties`, `allOf`, `not`, `if`/`then`/`else`,
 *   `patternProperties`, `$schema`, `$id`, `examples`, `exclusiveMinimum`, …).
 * A dropped rule is not enforced by the model; the MCP server still validates the arguments, and a call it
 * refuses goes back to the model as an error result, which it can correct.
 */

type Schema = Record<string, unknown>;

const KEPT = new Set([
  'format',
  'title',
  'description',
  'nullable',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'minProperties',
  'maxProperties',
  'default',
]);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
const MAX_REF_DEPTH = 6;
const MAX_NODES = 2_000;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The `parameters` of a function declaration, or undefined when the tool takes no arguments: Gemini refuses
 * an object schema without properties.
 */
export function geminiParameters(inputSchema: Schema): Schema | undefined {
  const defs = {
    ...(isSchema(inputSchema.definitions) ? inputSchema.definitions : {}),
    ...(isSchema(inputSchema.$defs) ? inputSchema.$defs : {}),
  };
  let nodes = 0;

  function convert(schema: unknown, refDepth: number): Schema {
    if (!isSchema(schema) || ++nodes > MAX_NODES) return {};
    if (typeof schema.$ref === 'string') {
      const name = /^#\/(?:\$defs|definitions)\/([^/]+)$/.exec(schema.$ref)?.[1];
      const target = name === undefined ? undefined : defs[decodeURIComponent(name)];
      const { $ref: _ref, ...rest } = schema;
      if (target === undefined || refDepth >= MAX_REF_DEPTH) return convert(rest, refDepth);
      return convert({ ...(isSchema(target) ? target : {}), ...rest }, refDepth + 1);
    }
    const out: Schema = {};
    for (const key of KEPT) if (schema[key] !== undefined) out[key] = schema[key];
    const notes: string[] = [];

    const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t): t is string => typeof t === 'string');
    const real = types.filter((t) => TYPES.has(t));
    if (types.includes('null')) out.nullable = true;
    if (real.length === 1) out.type = real[0];
    else if (real.length > 1) out.anyOf = real.map((type) => convert({ ...schema, type, anyOf: undefined, oneOf: undefined }, refDepth));

    if (Array.isArray(schema.enum)) {
      const strings = schema.enum.filter((value): value is string => typeof value === 'string');
      if (strings.length === schema.enum.length && strings.length > 0) out.enum = strings;
      else notes.push(`one of ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`);
    }
    if (schema.const !== undefined) {
      if (typeof schema.const === 'string') out.enum = [schema.const];
      else notes.push(`exactly ${JSON.stringify(schema.const)}`);
    }
    if (isSchema(schema.properties)) {
      const properties: Schema = {};
      for (const [name, value] of Object.entries(schema.properties)) properties[name] = convert(value, refDepth);
      out.properties = properties;
      if (Array.isArray(schema.required)) {
        const required = schema.required.filter((name): name is string => typeof name === 'string' && name in properties);
        if (required.length > 0) out.required = required;
      }
    }
    if (schema.items !== undefined) out.items = convert(Array.isArray(schema.items) ? schema.items[0] : schema.items, refDepth);
    const alternatives = Array.isArray(schema.anyOf) ? schema.anyOf : Array.isArray(schema.oneOf) ? schema.oneOf : undefined;
    if (alternatives && out.anyOf === undefined) out.anyOf = alternatives.map((alternative) => convert(alternative, refDepth));
    if (notes.length > 0) out.description = [out.description, `Must be ${notes.join('; ')}.`].filter(Boolean).join(' ');
    // An object given only by its properties still says it is one; a bare `{}` (any value) stays untyped.
    if (out.type === undefined && out.anyOf === undefined && out.properties !== undefined) out.type = 'object';
    return out;
  }

  const parameters = convert(inputSchema, 0);
  return isSchema(parameters.properties) && Object.keys(parameters.properties).length > 0 ? { ...parameters, type: 'object' } : undefined;
}
