import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { names } from '../../e2e/names.ts';

/** Every source file of the UI, as one text with its whitespace collapsed (JSX text may wrap). */
function uiSource(): string {
  const root = new URL('../ui/', import.meta.url).pathname;
  const files = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
  );
  return files
    .map((file) => readFileSync(join(root, file), 'utf8'))
    .join('\n')
    .replace(/\s+/g, ' ');
}

const leaves = (value: object, path: string[] = []): Array<[string, string]> =>
  Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'string' ? [[[...path, key].join('.'), inner] as [string, string]] : leaves(inner as object, [...path, key]),
  );

describe('the accessible names the specs use (e2e/names.ts)', () => {
  it('each still appears in the UI source, so a renamed control fails here before it fails a spec', () => {
    const source = uiSource();
    // Whole: a string literal or a JSX text of its own (after an icon such as "↓ "), so a short name ("Pin")
    // is not found inside another.
    const appears = (name: string) =>
      new RegExp(`[>'"\`] ?(?:[^\\w\\s] )?${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} ?[<'"\`{]`).test(source);
    const missing = leaves(names).filter(([, name]) => !appears(name));
    expect(missing).toEqual([]);
  });
});
