/**
 * How much work a generated form would be. @rjsf resolves `allOf` by merging its members, and an `allOf` of
 * `anyOf`s becomes every combination of their options: 7 `anyOf`s of 8 options are 2,097,152 schemas, and
 * the tab hangs. This estimates the combinations before rjsf sees the schema, so such a schema goes to the
 * JSON editor with a reason instead. Pure and cheap: no rjsf here, so the main bundle can ask.
 */
import { formatCount, isRecord } from '../../shared/read.ts';
type Schema = Record<string, unknown>;

/** More combinations than this at any one place in the schema, and the form is not generated. */
export const MAX_FORM_BRANCHES = 512;
/** More subschemas than this in all, and the form is not generated. */
const MAX_FORM_NODES = 5_000;
/** Subschemas nested deeper than this, and the form is not generated: each level indents, and rjsf recurses. */
const MAX_FORM_DEPTH = 24;
/** More values than this in one enum, and the form is not generated: a select of 99,000 options freezes the tab. */
const MAX_ENUM_VALUES = 1_000;

export type FormBudget = { ok: true } | { ok: false; reason: string };

const CHOICES = ['anyOf', 'oneOf'];
const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SUBSCHEMA_LISTS = ['oneOf', 'anyOf', 'allOf', 'prefixItems'];
const SUBSCHEMAS = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames'];

/** The combinations one schema node expands into when its `allOf`, `anyOf`/`oneOf` and `if` are resolved. */
function branches(schema: Schema, depth: number): number {
  if (depth > 16) return MAX_FORM_BRANCHES + 1;
  let count = 1;
  for (const key of CHOICES) {
    const options = schema[key];
    if (Array.isArray(options) && options.length > 0)
      count *= options.reduce<number>((sum, option) => sum + (isRecord(option) ? branches(option, depth + 1) : 1), 0);
  }
  const all = schema.allOf;
  if (Array.isArray(all)) for (const member of all) if (isRecord(member)) count *= branches(member, depth + 1);
  if (schema.if !== undefined) count *= 2;
  // Past the bound the exact figure no longer matters; keep the number finite.
  return Math.min(count, Number.MAX_SAFE_INTEGER);
}

/** The node's subschemas, in groups (one per keyword): never spread, a map may hold 10,000 of them. */
function children(schema: Schema): unknown[][] {
  const out: unknown[][] = [];
  for (const key of SUBSCHEMA_MAPS) if (isRecord(schema[key])) out.push(Object.values(schema[key]));
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) out.push(schema[key] as unknown[]);
  const single = SUBSCHEMAS.filter((key) => schema[key] !== undefined).map((key) => schema[key]);
  if (single.length > 0) out.push(single);
  return out;
}

const tooManyParts = (): FormBudget => ({
  ok: false,
  reason: `The schema has more than ${formatCount(MAX_FORM_NODES)} parts, too many for a generated form.`,
});

/** Whether a form may be generated for this schema, and if not, a sentence saying why. */
export function formBudget(schema: Schema): FormBudget {
  const stack: Array<[unknown, number]> = [[schema, 0]];
  let nodes = 0;
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (!isRecord(node)) continue;
    if (depth > MAX_FORM_DEPTH)
      return { ok: false, reason: `The schema nests more than ${MAX_FORM_DEPTH} levels deep, too deep for a generated form to be usable.` };
    const values = node.enum;
    if (Array.isArray(values) && values.length > MAX_ENUM_VALUES)
      return {
        ok: false,
        reason: `An enum lists ${formatCount(values.length)} values, too many for a form's select (it shows up to ${formatCount(MAX_ENUM_VALUES)}).`,
      };
    if (++nodes > MAX_FORM_NODES) return tooManyParts();
    const count = branches(node, 0);
    if (count > MAX_FORM_BRANCHES)
      return {
        ok: false,
        reason:
          count >= Number.MAX_SAFE_INTEGER
            ? 'The schema combines allOf/anyOf/oneOf so deeply that a form would try billions of combinations.'
            : `The schema's allOf/anyOf/oneOf combine into ${formatCount(count)} alternatives (a form handles up to ${MAX_FORM_BRANCHES}).`,
      };
    for (const group of children(node)) {
      // Counted before they are walked: 10,000 properties are refused at once, not one by one.
      if (nodes + stack.length + group.length > MAX_FORM_NODES) return tooManyParts();
      for (const child of group) stack.push([child, depth + 1]);
    }
  }
  return { ok: true };
}
