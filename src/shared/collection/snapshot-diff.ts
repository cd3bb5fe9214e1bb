/**
 * A result against its snapshot: every difference by JSON Pointer, except under the paths the collection
 * says are volatile (ids, timestamps). In an ignore path the token `*` stands for any one key or index, so
 * one path can leave out the id of every content item. JSON semantics: key order does not matter, array
 * order does.
 */
import { isRecord } from '../read.ts';
import { parsePointer, pointerOf } from './pointer.ts';

export interface SnapshotDifference {
  pointer: string;
  change: 'changed' | 'added' | 'removed';
  expected?: unknown;
  actual?: unknown;
}

/** Past this many, a diff stops looking: a person reads the first ones, and a huge result stays cheap. */
const MAX_DIFFERENCES = 100;

export function diffSnapshot(
  expected: unknown,
  actual: unknown,
  ignore: readonly string[] = [],
): { differences: SnapshotDifference[]; more: boolean } {
  const ignored = ignore.map(parsePointer).flatMap((parsed) => (parsed.ok ? [parsed.tokens] : []));
  const differences: SnapshotDifference[] = [];
  let more = false;
  const isIgnored = (path: string[]) =>
    ignored.some((tokens) => tokens.length <= path.length && tokens.every((token, index) => token === '*' || token === path[index]));
  const add = (difference: SnapshotDifference) => {
    if (differences.length >= MAX_DIFFERENCES) more = true;
    else differences.push(difference);
  };

  const walk = (want: unknown, got: unknown, path: string[]) => {
    if (more || isIgnored(path)) return;
    if (Array.isArray(want) && Array.isArray(got)) {
      for (let index = 0; index < Math.max(want.length, got.length); index += 1) {
        const at = [...path, String(index)];
        if (index >= got.length) add({ pointer: pointerOf(at), change: 'removed', expected: want[index] });
        else if (index >= want.length) add({ pointer: pointerOf(at), change: 'added', actual: got[index] });
        else walk(want[index], got[index], at);
      }
      return;
    }
    if (isRecord(want) && isRecord(got) && !Array.isArray(want) && !Array.isArray(got)) {
      for (const key of new Set([...Object.keys(want), ...Object.keys(got)])) {
        const at = [...path, key];
        if (isIgnored(at)) continue;
        if (!Object.hasOwn(got, key)) add({ pointer: pointerOf(at), change: 'removed', expected: want[key] });
        else if (!Object.hasOwn(want, key)) add({ pointer: pointerOf(at), change: 'added', actual: got[key] });
        else walk(want[key], got[key], at);
      }
      return;
    }
    if (!jsonEqual(want, got)) add({ pointer: pointerOf(path), change: 'changed', expected: want, actual: got });
  };
  walk(expected, actual, []);
  return { differences, more };
}

/** Equal as JSON values: objects by their keys whatever the order, arrays in order. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => jsonEqual(item, b[index]));
  }
  if (isRecord(a) && isRecord(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}
