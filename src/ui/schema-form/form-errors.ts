/**
 * Form errors in the words a person would use. Ajv says "must have required property 'message'" or
 * "must match pattern "^[A-Z]{2}$""; a form says "Required." or "Does not match the expected format
 * (^[A-Z]{2}$)". Pure, so it is tested without rendering a form.
 */
import type { RJSFValidationError } from '@rjsf/utils';
import { plural } from '../../shared/read.ts';

type Params = Record<string, unknown> | undefined;

const FORMATS: Record<string, string> = {
  email: 'an email address',
  uri: 'a full URL (with https://)',
  'uri-reference': 'a URL or a path',
  url: 'a full URL (with https://)',
  date: 'a date (YYYY-MM-DD)',
  'date-time': 'a date and time',
  time: 'a time (HH:MM:SS)',
  uuid: 'a UUID',
  ipv4: 'an IPv4 address',
  ipv6: 'an IPv6 address',
  hostname: 'a host name',
};

const TYPES: Record<string, string> = {
  string: 'text',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'yes or no',
  array: 'a list',
  object: 'a group of fields',
  null: 'nothing (null)',
};

const short = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** One Ajv error as a sentence; anything unknown keeps Ajv's words, with a capital letter. */
export function humanMessage(error: Pick<RJSFValidationError, 'name' | 'message' | 'params'>): string {
  const p = error.params as Params;
  switch (error.name) {
    case 'required':
      return 'Required.';
    case 'type': {
      const types = String(p?.type ?? '')
        .split(',')
        .map((t) => TYPES[t] ?? t);
      return `Enter ${types.join(' or ')}.`;
    }
    case 'minLength':
      return p?.limit === 1 ? 'Required: enter some text.' : `Enter at least ${plural(Number(p?.limit), 'character')}.`;
    case 'maxLength':
      return `Enter at most ${plural(Number(p?.limit), 'character')}.`;
    case 'minimum':
      return `Enter ${String(p?.limit)} or more.`;
    case 'maximum':
      return `Enter ${String(p?.limit)} or less.`;
    case 'exclusiveMinimum':
      return `Enter more than ${String(p?.limit)}.`;
    case 'exclusiveMaximum':
      return `Enter less than ${String(p?.limit)}.`;
    case 'multipleOf':
      return `Enter a multiple of ${String(p?.multipleOf)}.`;
    case 'pattern':
      return `Does not match the expected format (${short(p?.pattern)}).`;
    case 'format':
      return `Enter ${FORMATS[String(p?.format)] ?? `a value in the ${short(p?.format)} format`}.`;
    case 'enum':
      return 'Choose one of the listed values.';
    case 'const':
      return `Must be ${short(p?.allowedValue)}.`;
    case 'minItems':
      return `Add at least ${plural(Number(p?.limit), 'item')}.`;
    case 'maxItems':
      return `Keep at most ${plural(Number(p?.limit), 'item')}.`;
    case 'uniqueItems':
      return 'Each item must be different.';
    case 'additionalProperties':
      return `The tool does not take "${short(p?.additionalProperty)}"; remove it.`;
    case 'minProperties':
      return `Fill in at least ${plural(Number(p?.limit), 'field')}.`;
    case 'maxProperties':
      return `Fill in at most ${plural(Number(p?.limit), 'field')}.`;
    default: {
      const message = (error.message ?? '').trim();
      return message === '' ? 'Not valid.' : `${message[0]!.toUpperCase()}${message.slice(1)}`;
    }
  }
}

/**
 * The id rjsf gives the field an error is about: `.from.country` → `tool-args_from_country`,
 * `['first-name']` → `tool-args_first-name`; the prefix alone for the root.
 */
export function errorFieldId(property: string | undefined, prefix: string): string {
  // rjsf reports a missing top-level property without the leading dot ("departure", not ".departure").
  const path = property === undefined || property === '' || /^[.[]/.test(property) ? (property ?? '') : `.${property}`;
  const segments = [...path.matchAll(/\.([^.[]+)|\['((?:[^'\\]|\\.)*)'\]|\[(\d+)\]/g)].map((m) =>
    (m[1] ?? m[2] ?? m[3] ?? '').replace(/\\(.)/g, '$1'),
  );
  return [prefix, ...segments].join('_');
}

/**
 * The errors to show: every one once Run was tried, else only those about a field the person has visited
 * (or a group holding one). An untouched form is not wrong yet.
 */
export function visibleErrors(
  errors: RJSFValidationError[],
  shown: { attempted: boolean; visited: ReadonlySet<string>; prefix: string },
): RJSFValidationError[] {
  // The form as a whole (the root) is judged only on Run.
  const isVisited = (id: string) =>
    id !== shown.prefix && (shown.visited.has(id) || [...shown.visited].some((visited) => visited.startsWith(`${id}_`)));
  const kept = shown.attempted ? errors : errors.filter((error) => isVisited(errorFieldId(error.property, shown.prefix)));
  return kept.map((error) => {
    const message = humanMessage(error);
    return { ...error, message, stack: `${error.property ?? ''} ${message}`.trim() };
  });
}
