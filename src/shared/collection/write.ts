/**
 * A collection as its file: two-space JSON, keys in one fixed order (the format's own fields as format.ts
 * declares them, everything inside params and snapshots sorted), a newline at the end. Saving the same
 * collection twice gives the same bytes, so a change in git is the change that was made.
 */
import { isRecord } from '../read.ts';
import type { Collection, CollectionStep, Expectations } from './format.ts';

export function writeCollection(collection: Collection): string {
  return `${JSON.stringify(ordered(collection), null, 2)}\n`;
}

function ordered(collection: Collection): Record<string, unknown> {
  return pick({
    format: collection.format,
    version: collection.version,
    name: collection.name,
    description: collection.description,
    variables: collection.variables && sorted(collection.variables),
    steps: collection.steps.map(orderedStep),
  });
}

function orderedStep(step: CollectionStep): Record<string, unknown> {
  return pick({
    name: step.name,
    request: pick({ method: step.request.method, params: step.request.params && sorted(step.request.params) }),
    changesThings: step.changesThings,
    capture: step.capture && sorted(step.capture),
    expect: step.expect && orderedExpect(step.expect),
  });
}

function orderedExpect(expect: Expectations): Record<string, unknown> {
  return pick({
    outcome: expect.outcome,
    assert: expect.assert?.map((assertion) => {
      const { pointer, ...operator } = assertion;
      return { pointer, ...sorted(operator) };
    }),
    snapshot: expect.snapshot && pick({ value: sorted(expect.snapshot.value), ignore: expect.snapshot.ignore }),
    maxMs: expect.maxMs,
  });
}

/** Undefined fields left out, the rest in the order given. */
const pick = (fields: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));

/** Object keys sorted at every depth (JSON's own order is not kept by every tool that writes it). */
function sorted<T>(value: T): T {
  if (Array.isArray(value)) return value.map(sorted) as T;
  if (!isRecord(value)) return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sorted(value[key])]),
  ) as T;
}
