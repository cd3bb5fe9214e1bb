/**
 * Small, meaning-preserving rewrites that let @rjsf render schemas it otherwise shows as "unsupported":
 * a choice written as `oneOf`/`anyOf` of `const` options with no `type` (what zod emits for a union of
 * literals) gets the `type` all its options share, so rjsf renders it as a select with their titles.
 * The result is a new object; the server's schema is never mutated.
 */
type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);

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
    if (!isObject(option) || !('const' in option)) return undefined;
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
    if (isObject(map)) {
      out[key] = Object.fromEntries(
        Object.entries(map).map(([name, sub]) => [name, isObject(sub) ? prepareFormSchema(sub, depth + 1) : sub]),
      );
    }
  }
  for (const key of SUBSCHEMA_LISTS) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((sub) => (isObject(sub) ? prepareFormSchema(sub, depth + 1) : sub));
  }
  for (const key of SUBSCHEMAS) {
    const sub = schema[key];
    if (isObject(sub)) out[key] = prepareFormSchema(sub, depth + 1);
  }
  if (out.type === undefined) {
    const type = sharedConstType(schema.oneOf) ?? sharedConstType(schema.anyOf);
    if (type) out.type = type;
  }
  return out;
}

/**
 * The uiSchema for a tool's arguments. A boolean that is optional and has no default gets a select with an
 * empty choice, so it can be left unset — a checkbox could only send true or false.
 */
export function buildUiSchema(schema: Schema, depth = 0): Record<string, unknown> {
  const ui: Record<string, unknown> = {};
  if (depth > 32) return ui;
  const properties = isObject(schema.properties) ? schema.properties : {};
  const required = new Set(Array.isArray(schema.required) ? schema.required.filter((r): r is string => typeof r === 'string') : []);
  for (const [name, sub] of Object.entries(properties)) {
    if (!isObject(sub)) continue;
    const types = Array.isArray(sub.type) ? sub.type : [sub.type];
    if (types.includes('boolean') && !required.has(name) && sub.default === undefined) {
      ui[name] = { 'ui:widget': 'select', 'ui:placeholder': '(not set)' };
    } else if (sub.type === 'object' || isObject(sub.properties)) {
      const nested = buildUiSchema(sub, depth + 1);
      if (Object.keys(nested).length > 0) ui[name] = nested;
    } else if (sub.type === 'array' && isObject(sub.items)) {
      const nested = buildUiSchema(sub.items, depth + 1);
      if (Object.keys(nested).length > 0) ui[name] = { items: nested };
    }
  }
  return ui;
}
