/**
 * A listed entry against the spec's schema (2025-11-25 and 2026-07-28 agree on these): the optional fields'
 * types, and the formats the schema names, `uri` for a resource's uri and `uri-template` for a template's
 * uriTemplate. A `uri` is absolute: it starts with a scheme (`readme` is not one; `file:///readme` is).
 * The required strings, icons and inputSchema have checks of their own (list-shape.ts, icons.ts,
 * schema-validity.ts).
 */
import { isRecord } from '../../../shared/read.ts';
import type { ListKind } from '../listing.ts';

type Rule = { field: string; wants: string; ok: (value: unknown) => boolean };

/** RFC 3986 URI: a scheme, then only characters a URI may carry, each `%` starting an escape. */
// eslint-disable-next-line no-control-regex -- control characters are what a URI may not carry
const URI = /^[A-Za-z][A-Za-z0-9+.-]*:[^\x00-\x20"<>\\^`{|}\x7f]*$/;
const BAD_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** RFC 6570 URI Template (level 4), as JSON Schema's `uri-template` format reads it. */
const URI_TEMPLATE =
  // eslint-disable-next-line no-control-regex -- control characters are what a template may not carry
  /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;

const isUri = (value: unknown) => typeof value === 'string' && URI.test(value) && !BAD_ESCAPE.test(value);
const isUriTemplate = (value: unknown) => typeof value === 'string' && URI_TEMPLATE.test(value);

const string = (field: string): Rule => ({ field, wants: 'a string', ok: (v) => typeof v === 'string' });
const object = (field: string): Rule => ({ field, wants: 'an object', ok: isRecord });

const ROLES = new Set(['user', 'assistant']);
/** Annotations on resources and templates: audience roles, priority 0–1, lastModified a string. */
const annotations: Rule = {
  field: 'annotations',
  wants: 'an object with audience ["user"|"assistant"], priority 0–1 and lastModified a string',
  ok: (v) =>
    isRecord(v) &&
    (v.audience === undefined || (Array.isArray(v.audience) && v.audience.every((role) => ROLES.has(role as string)))) &&
    (v.priority === undefined || (typeof v.priority === 'number' && v.priority >= 0 && v.priority <= 1)) &&
    (v.lastModified === undefined || typeof v.lastModified === 'string'),
};

const promptArguments: Rule = {
  field: 'arguments',
  wants: 'an array of objects, each with a name string (and required a boolean)',
  ok: (v) =>
    Array.isArray(v) &&
    v.every(
      (arg) =>
        isRecord(arg) &&
        typeof arg.name === 'string' &&
        (arg.required === undefined || typeof arg.required === 'boolean') &&
        (arg.description === undefined || typeof arg.description === 'string'),
    ),
};

/** The rules per list; each applies when the field is present (its presence, where required, is list-shape's). */
const RULES: Record<ListKind, Rule[]> = {
  tools: [string('title'), string('description'), object('annotations'), object('outputSchema'), object('_meta')],
  resources: [
    { field: 'uri', wants: 'a URI with a scheme (format "uri")', ok: isUri },
    string('title'),
    string('description'),
    string('mimeType'),
    { field: 'size', wants: 'a whole number of bytes', ok: (v) => typeof v === 'number' && Number.isInteger(v) && v >= 0 },
    annotations,
    object('_meta'),
  ],
  resourceTemplates: [
    { field: 'uriTemplate', wants: 'a URI template (format "uri-template")', ok: isUriTemplate },
    string('title'),
    string('description'),
    string('mimeType'),
    annotations,
    object('_meta'),
  ],
  prompts: [string('title'), string('description'), promptArguments, object('_meta')],
};

export interface EntryProblem {
  field: string;
  wants: string;
  /** Positions in the list (0-based) of the entries whose field breaks the rule. */
  indexes: number[];
}

/** Each field some entries get wrong, with those entries; entries that are not objects are list-shape's. */
export function entrySchemaProblems(kind: ListKind, items: readonly unknown[]): EntryProblem[] {
  return RULES[kind].flatMap(({ field, wants, ok }) => {
    const indexes = items.flatMap((item, index) =>
      isRecord(item) && item[field] !== undefined && item[field] !== '' && !ok(item[field]) ? [index] : [],
    );
    return indexes.length > 0 ? [{ field, wants, indexes }] : [];
  });
}
