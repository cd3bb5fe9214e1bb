/**
 * Compares two JSON Schemas the way their clients feel it. `direction` says who the schema binds: an input
 * schema is what clients send, so what it stops accepting breaks them; an output schema is what they read,
 * so what it may now return breaks them. Local `$ref`s (`#/$defs/…`, `#/definitions/…`) are followed on
 * each side before comparing, to a bounded depth, and a cycle stops the walk where it closes.
 */
import { formatCount, isRecord, plural } from '../read.ts';
import type { RuleId } from './contract-rules.ts';
import type { JsonObject } from './contract-snapshot.ts';

export type Direction = 'input' | 'output';

/** A change found by the walk; the caller adds the severity from the rule table. */
export interface SchemaFinding {
  rule: RuleId;
  pointer: string;
  sentence: string;
}

/** Schema nesting followed at most; past it a `schema-not-compared` says so. */
export const MAX_SCHEMA_DEPTH = 32;
/** `$ref`s followed in a row before the chain is taken for a loop. */
const MAX_REF_HOPS = 32;

interface Side {
  root: JsonObject;
  /** The pointer of `root` in the snapshot, e.g. `/tools/echo/inputSchema`. */
  base: string;
}

interface Walk {
  direction: Direction;
  /** `Tool "echo"`. */
  subject: string;
  old: Side;
  new: Side;
  findings: SchemaFinding[];
}

/** Escapes one JSON Pointer token (RFC 6901). */
export const token = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

export function compareSchemas(
  direction: Direction,
  subject: string,
  old: { schema: JsonObject; pointer: string },
  neu: { schema: JsonObject; pointer: string },
): SchemaFinding[] {
  // The same document on both sides ($defs included) cannot differ anywhere: the common case, at once.
  if (JSON.stringify(old.schema) === JSON.stringify(neu.schema)) return [];
  const walk: Walk = {
    direction,
    subject,
    old: { root: old.schema, base: old.pointer },
    new: { root: neu.schema, base: neu.pointer },
    findings: [],
  };
  compareNode(walk, { node: old.schema, pointer: old.pointer, refs: [] }, { node: neu.schema, pointer: neu.pointer, refs: [] }, '', 0);
  // A $def used in two places is one place in the file: one finding, named by the first path that reached it.
  const seen = new Set<string>();
  return walk.findings.filter((f) => !seen.has(`${f.rule} ${f.pointer}`) && seen.add(`${f.rule} ${f.pointer}`));
}

/** Keywords beside a `$ref` that do not change what it accepts. */
const BESIDE_REF = new Set(['$defs', 'definitions', '$schema', '$id', '$comment', 'title', 'description']);

interface At {
  node: unknown;
  pointer: string;
  /** The `$ref`s followed to get here, to see a cycle close. */
  refs: string[];
}

type Resolved = { ok: true; at: At & { node: Record<string, unknown> } } | { ok: false; cycle: boolean; why: string };

/** Follows `$ref` at `at` until a schema without one; a sibling keyword beside `$ref` wins over the target's. */
function resolve(side: Side, at: At): Resolved {
  let { node, pointer, refs } = at;
  for (let hop = 0; isRecord(node) && typeof node.$ref === 'string'; hop++) {
    const ref = node.$ref;
    if (refs.includes(ref)) return { ok: false, cycle: true, why: `${ref} refers back to itself` };
    if (hop >= MAX_REF_HOPS) return { ok: false, cycle: false, why: `more than ${MAX_REF_HOPS} $refs in a row` };
    if (!ref.startsWith('#')) return { ok: false, cycle: false, why: `${ref} is outside the schema` };
    const target = lookUp(side.root, ref.slice(1));
    if (!isRecord(target) && typeof target !== 'boolean') return { ok: false, cycle: false, why: `${ref} points to nothing` };
    const { $ref: _ref, ...siblings } = node;
    const alone = Object.keys(siblings).every((key) => BESIDE_REF.has(key));
    node = isRecord(target) ? { ...target, ...siblings } : alone ? target : siblings;
    // With keywords of its own beside the $ref, the node stays where it is written; alone, it is its target.
    if (alone) pointer = side.base + ref.slice(1);
    refs = [...refs, ref];
  }
  if (node === true || node === undefined) return { ok: true, at: { node: {}, pointer, refs } };
  if (node === false) return { ok: true, at: { node: { not: {} }, pointer, refs } };
  if (!isRecord(node)) return { ok: false, cycle: false, why: 'it is not a schema' };
  return { ok: true, at: { node, pointer, refs } };
}

function lookUp(root: unknown, pointer: string): unknown {
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isRecord(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

/** The place in words: the whole input, or `input property "a.b"`. */
function where(walk: Walk, path: string): string {
  return path === '' ? `the ${walk.direction} schema` : `${walk.direction} "${path}"`;
}

/** Values named in a sentence; the rest are counted, so an enum of 100,000 values stays one line. */
const NAMED_VALUES = 10;
const list = (values: readonly unknown[]) =>
  values
    .slice(0, NAMED_VALUES)
    .map((v) => JSON.stringify(v))
    .join(', ') + (values.length > NAMED_VALUES ? ` and ${formatCount(values.length - NAMED_VALUES)} more` : '');

function compareNode(walk: Walk, oldAt: At, newAt: At, path: string, depth: number): void {
  const add = (rule: RuleId, pointer: string, sentence: string) =>
    walk.findings.push({ rule, pointer, sentence: `${walk.subject}: ${sentence}` });
  if (depth > MAX_SCHEMA_DEPTH) {
    add(
      'schema-not-compared',
      newAt.pointer,
      `${where(walk, path)} nests deeper than ${MAX_SCHEMA_DEPTH} levels; compare what is below by hand.`,
    );
    return;
  }
  const o = resolve(walk.old, oldAt);
  const n = resolve(walk.new, newAt);
  // A cycle on either side: this shape was compared where the loop began.
  if ((!o.ok && o.cycle) || (!n.ok && n.cycle)) return;
  if (!o.ok || !n.ok) {
    // The same $ref out of reach on both sides: nothing to tell.
    if (!o.ok && !n.ok && JSON.stringify(oldAt.node) === JSON.stringify(newAt.node)) return;
    const why = !n.ok ? n.why : (o as { why: string }).why;
    add('schema-not-compared', newAt.pointer, `${where(walk, path)} could not be compared: ${why}.`);
    return;
  }
  const os = o.at.node;
  const ns = n.at.node;
  const op = o.at.pointer;
  const np = n.at.pointer;
  const input = walk.direction === 'input';
  const here = where(walk, path);

  for (const key of ['title', 'description'] as const)
    if (os[key] !== ns[key] && path !== '') add('description-changed', `${np}/${key}`, `the ${key} of ${here} changed.`);

  compareTypes(os, ns, (removed, added) => {
    if (removed.length > 0)
      add(
        input ? 'input-type-narrowed' : 'output-type-narrowed',
        np,
        `${here} no longer ${input ? 'accepts' : 'returns'} ${removed.join(' or ')}${input ? ': clients that send one are refused' : ''}.`,
      );
    if (added.length > 0)
      add(
        input ? 'input-type-widened' : 'output-type-widened',
        np,
        `${here} now ${input ? 'accepts' : 'may return'} ${added.join(' or ')}${input ? '' : ': clients that expect only the old types may fail on it'}.`,
      );
  });

  compareValues(os, ns, np, here, input, add);
  compareBounds(os, ns, np, here, input, add);

  if (input && JSON.stringify(os.default) !== JSON.stringify(ns.default))
    add(
      'input-default-changed',
      np,
      `${here}'s default ${ns.default === undefined ? `is gone (was ${list([os.default])})` : `is now ${list([ns.default])}${os.default === undefined ? '' : ` (was ${list([os.default])})`}`}: clients that leave it out get a different value.`,
    );

  // Below a type that changed, what is left of the other type is that type's change, not its members' too.
  const both = (type: string) => typesOf(os).includes(type) && typesOf(ns).includes(type);
  if (both('object')) compareObjects(walk, { ...o.at, node: os }, { ...n.at, node: ns }, path, depth, add);

  if (both('array') && isRecord(os.items) && isRecord(ns.items))
    compareNode(
      walk,
      { node: os.items, pointer: `${op}/items`, refs: o.at.refs },
      { node: ns.items, pointer: `${np}/items`, refs: n.at.refs },
      `${path}[]`,
      depth + 1,
    );

  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const ov = Array.isArray(os[key]) ? os[key] : [];
    const nv = Array.isArray(ns[key]) ? ns[key] : [];
    for (let i = 0; i < Math.min(ov.length, nv.length); i++)
      compareNode(
        walk,
        { node: ov[i], pointer: `${op}/${key}/${i}`, refs: o.at.refs },
        { node: nv[i], pointer: `${np}/${key}/${i}`, refs: n.at.refs },
        `${path}${path ? ' ' : ''}(${key} ${i})`,
        depth + 1,
      );
    if (key === 'allOf' || ov.length === nv.length || ov.length === 0 || nv.length === 0) continue;
    if (nv.length > ov.length)
      add(
        input ? 'input-variant-added' : 'output-variant-added',
        `${np}/${key}/${ov.length}`,
        `${here} has ${plural(nv.length - ov.length, `${key} branch`, `${key} branches`)} more${input ? '' : ': clients may meet a shape they do not know'}.`,
      );
    else
      add(
        input ? 'input-variant-removed' : 'output-variant-removed',
        `${op}/${key}/${nv.length}`,
        `${here} has ${plural(ov.length - nv.length, `${key} branch`, `${key} branches`)} fewer${input ? ': clients that send that shape are refused' : ''}.`,
      );
  }
}

const ALL_TYPES = ['array', 'boolean', 'null', 'number', 'object', 'string'];

/** The types a schema allows; no `type` allows all. `integer` is inside `number`. */
function typesOf(schema: Record<string, unknown>): string[] {
  if (typeof schema.type === 'string') return [schema.type];
  if (Array.isArray(schema.type)) return schema.type.filter((t): t is string => typeof t === 'string');
  // An enum without a type allows the types of its values: adding the type it already implied changes nothing.
  const values = valuesOf(schema);
  if (values) return [...new Set(values.map(jsonType))];
  return ALL_TYPES;
}

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : Number.isInteger(value) ? 'integer' : typeof value;

const covers = (types: readonly string[], type: string) => types.includes(type) || (type === 'integer' && types.includes('number'));

function compareTypes(
  os: Record<string, unknown>,
  ns: Record<string, unknown>,
  report: (removed: string[], added: string[]) => void,
): void {
  const ot = typesOf(os);
  const nt = typesOf(ns);
  const removed = ot.filter((t) => !covers(nt, t));
  const added = nt.filter((t) => !covers(ot, t));
  if (removed.length > 0 || added.length > 0) report(removed, added);
}

type Add = (rule: RuleId, pointer: string, sentence: string) => void;

/** `enum` and `const` as the set of values allowed; undefined when any value of the type is. */
function valuesOf(schema: Record<string, unknown>): unknown[] | undefined {
  if (Array.isArray(schema.enum)) return schema.enum;
  if ('const' in schema) return [schema.const];
  return undefined;
}

function compareValues(os: Record<string, unknown>, ns: Record<string, unknown>, np: string, here: string, input: boolean, add: Add): void {
  const ov = valuesOf(os);
  const nv = valuesOf(ns);
  if (ov === undefined && nv === undefined) return;
  const key = (v: unknown) => JSON.stringify(v);
  if (ov === undefined) {
    add(
      input ? 'input-enum-narrowed' : 'output-enum-narrowed',
      np,
      `${here} now takes only ${list(nv!)}${input ? ': clients that send anything else are refused' : ''}.`,
    );
    return;
  }
  if (nv === undefined) {
    add(
      input ? 'input-enum-widened' : 'output-enum-widened',
      np,
      `${here} is no longer limited to ${list(ov)}${input ? '' : ': clients may read values they do not know'}.`,
    );
    return;
  }
  // Sets, not nested scans: an enum of 100,000 values is a real schema.
  const oldKeys = new Set(ov.map(key));
  const newKeys = new Set(nv.map(key));
  const removed = ov.filter((v) => !newKeys.has(key(v)));
  const added = nv.filter((v) => !oldKeys.has(key(v)));
  if (removed.length > 0)
    add(
      input ? 'input-enum-narrowed' : 'output-enum-narrowed',
      np,
      `${here} no longer ${input ? 'accepts' : 'returns'} ${list(removed)}${input ? ': clients that send it are refused' : ''}.`,
    );
  if (added.length > 0)
    add(
      input ? 'input-enum-widened' : 'output-enum-widened',
      np,
      `${here} now ${input ? 'accepts' : 'may return'} ${list(added)}${input ? '' : ': clients that switch on the old values may not handle it'}.`,
    );
}

/** Bounds where a bigger number is stricter, and where a smaller one is. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'] as const;
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'] as const;

function compareBounds(os: Record<string, unknown>, ns: Record<string, unknown>, np: string, here: string, input: boolean, add: Add): void {
  const tightened = (keyword: string, what: string) =>
    add(
      input ? 'input-constraint-tightened' : 'output-constraint-tightened',
      `${np}/${keyword}`,
      `${here} ${what}${input ? ': values clients sent before may be refused' : ''}.`,
    );
  const loosened = (keyword: string, what: string) =>
    add(
      input ? 'input-constraint-loosened' : 'output-constraint-loosened',
      `${np}/${keyword}`,
      `${here} ${what}${input ? '' : ': clients may read values they did not before'}.`,
    );
  const was = (value: unknown) => (value === undefined ? 'none' : JSON.stringify(value));
  for (const keyword of [...LOWER, ...UPPER]) {
    const ov = typeof os[keyword] === 'number' ? os[keyword] : undefined;
    const nv = typeof ns[keyword] === 'number' ? ns[keyword] : undefined;
    if (ov === nv) continue;
    const stricter = nv !== undefined && (ov === undefined || ((LOWER as readonly string[]).includes(keyword) ? nv > ov : nv < ov));
    (stricter ? tightened : loosened)(keyword, `has ${keyword} ${was(nv)} (was ${was(ov)})`);
  }
  if (os.multipleOf !== ns.multipleOf)
    (ns.multipleOf === undefined ? loosened : tightened)('multipleOf', `has multipleOf ${was(ns.multipleOf)} (was ${was(os.multipleOf)})`);
  if ((os.uniqueItems === true) !== (ns.uniqueItems === true))
    (ns.uniqueItems === true ? tightened : loosened)(
      'uniqueItems',
      ns.uniqueItems === true ? 'now needs unique items' : 'no longer needs unique items',
    );
  if (os.format !== ns.format)
    (ns.format === undefined ? loosened : tightened)('format', `has format ${was(ns.format)} (was ${was(os.format)})`);
  if (os.pattern !== ns.pattern) {
    if (os.pattern !== undefined && ns.pattern !== undefined)
      add(
        'pattern-changed',
        `${np}/pattern`,
        `${here}'s pattern is now ${was(ns.pattern)} (was ${was(os.pattern)}); check which values still match.`,
      );
    else (ns.pattern === undefined ? loosened : tightened)('pattern', `has pattern ${was(ns.pattern)} (was ${was(os.pattern)})`);
  }
}

const namesIn = (value: unknown): Set<string> =>
  new Set(Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

function compareObjects(
  walk: Walk,
  o: At & { node: Record<string, unknown> },
  n: At & { node: Record<string, unknown> },
  path: string,
  depth: number,
  add: Add,
): void {
  const input = walk.direction === 'input';
  const os = o.node;
  const ns = n.node;
  const oProps = isRecord(os.properties) ? os.properties : {};
  const nProps = isRecord(ns.properties) ? ns.properties : {};
  const oReq = namesIn(os.required);
  const nReq = namesIn(ns.required);
  const nClosed = ns.additionalProperties === false;
  const oClosed = os.additionalProperties === false;
  const named = (name: string) => (path === '' ? name : `${path}.${name}`);
  const prop = (base: string, name: string) => `${base}/properties/${token(name)}`;
  const subject = (name: string) => `${walk.direction} "${named(name)}"`;

  for (const name of Object.keys(nProps)) {
    if (Object.hasOwn(oProps, name)) continue;
    if (!input) add('output-property-added', prop(n.pointer, name), `${subject(name)} is new.`);
    else if (nReq.has(name))
      add('input-required-added', prop(n.pointer, name), `${subject(name)} is new and required: clients that leave it out are refused.`);
    else add('input-optional-added', prop(n.pointer, name), `${subject(name)} is new and optional.`);
  }
  for (const name of Object.keys(oProps)) {
    if (Object.hasOwn(nProps, name)) {
      compareNode(
        walk,
        { node: oProps[name], pointer: prop(o.pointer, name), refs: o.refs },
        { node: nProps[name], pointer: prop(n.pointer, name), refs: n.refs },
        named(name),
        depth + 1,
      );
      continue;
    }
    if (!input) add('output-property-removed', prop(o.pointer, name), `${subject(name)} is gone: clients that read it get nothing.`);
    else if (nClosed)
      add(
        'input-property-removed-closed',
        prop(o.pointer, name),
        `${subject(name)} is gone and no other properties are allowed: clients that send it are refused.`,
      );
    else add('input-property-removed', prop(o.pointer, name), `${subject(name)} is gone: what clients send for it is ignored.`);
  }
  // A property that stays (or one required without being declared) and changes whether it is required.
  const isNew = (name: string) => Object.hasOwn(nProps, name) && !Object.hasOwn(oProps, name);
  const isGone = (name: string) => Object.hasOwn(oProps, name) && !Object.hasOwn(nProps, name);
  for (const name of nReq) {
    if (oReq.has(name) || isNew(name)) continue;
    if (input)
      add('input-required-added', `${n.pointer}/required`, `${subject(name)} is now required: clients that leave it out are refused.`);
    else add('output-required-added', `${n.pointer}/required`, `${subject(name)} is now always present.`);
  }
  for (const name of oReq) {
    if (nReq.has(name) || isGone(name)) continue;
    if (input) add('input-required-removed', `${n.pointer}/required`, `${subject(name)} is now optional.`);
    else add('output-required-removed', `${n.pointer}/required`, `${subject(name)} may now be missing: clients that count on it may fail.`);
  }
  if (oClosed !== nClosed) {
    const here = where(walk, path);
    const pointer = `${n.pointer}/additionalProperties`;
    if (input && nClosed)
      add('input-closed', pointer, `${here} no longer allows properties it does not list: clients that send others are refused.`);
    else if (input) add('input-opened', pointer, `${here} now allows properties it does not list.`);
    else if (nClosed) add('output-constraint-tightened', pointer, `${here} no longer has properties it does not list.`);
    else add('output-constraint-loosened', pointer, `${here} may now have properties it does not list.`);
  }
  if (isRecord(os.additionalProperties) && isRecord(ns.additionalProperties))
    compareNode(
      walk,
      { node: os.additionalProperties, pointer: `${o.pointer}/additionalProperties`, refs: o.refs },
      { node: ns.additionalProperties, pointer: `${n.pointer}/additionalProperties`, refs: n.refs },
      `${path}{}`,
      depth + 1,
    );
}
