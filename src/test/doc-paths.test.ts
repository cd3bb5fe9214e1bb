/**
 * Docs and comments that name a file or a function name one that exists. A moved or renamed file otherwise
 * leaves a pointer to nowhere that no compiler notices (`clock.ts` pointed at a clock file that had been
 * merged away), and a renamed function leaves a recipe that teaches a name nobody can find.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT } from './support/tree.ts';

const TEXT = /\.(md|ts|tsx|mjs|js|css|html)$/;
const SRC_PATH = /(?<![\w/.-])src\/[\w./-]*[\w/-]/g;
/** A backticked bare file name in a doc: `wire-tap.ts`. */
const BARE_FILE = /^[\w.-]+\.(ts|tsx|mjs|css|md|html)$/;
/** A backticked camelCase or PascalCase identifier in a doc, optionally called: `openSession`, `useScope()`. */
const IDENTIFIER = /^([a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)(\(\))?$/;

/** Names that docs cite from outside the code: a package.json key, and a browser API the code leaves undefined on purpose. */
const NOT_OURS = new Set(['optionalDependencies', 'createHTML']);

/** Files the build writes, which docs name but the repository does not hold. */
const BUILT = new Set(['mcp-lens-relay.mjs']);

const files = repoFiles();
const docs = files.filter((file) => file.endsWith('.md'));

describe('paths named in docs and comments', () => {
  it('every src/… path exists', () => {
    const missing: string[] = [];
    for (const file of files.filter((f) => TEXT.test(f))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(SRC_PATH)) {
        const after = text[match.index + match[0].length];
        // Placeholders (`src/ui/<feature>/`) and globs (`src/**`) are not paths.
        if (after === '<' || after === '*' || after === '{') continue;
        const path = match[0].replace(/\.$/, '');
        if (!existsSync(join(ROOT, path))) missing.push(`${file} names ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe('names backticked in docs', () => {
  const backticked = docs.flatMap((doc) =>
    [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/`([^`\n]+)`/g)].map((match) => ({ doc, token: match[1]! })),
  );

  it('every bare file name is a file of the repository', () => {
    const names = new Set(files.map((file) => basename(file)));
    const missing = backticked.filter(({ token }) => BARE_FILE.test(token) && !names.has(token) && !BUILT.has(token));
    expect(missing.map(({ doc, token }) => `${doc} names ${token}`)).toEqual([]);
  });

  it('every function, type or hook name appears in the code', () => {
    const code = files
      .filter((file) => /\.(ts|tsx|mjs|js)$/.test(file) && !file.endsWith('.test.ts'))
      .map((file) => readFileSync(join(ROOT, file), 'utf8'))
      .join('\n');
    const defined = (name: string) => new RegExp(`\\b${name}\\b`).test(code);
    const missing = backticked.flatMap(({ doc, token }) => {
      const name = IDENTIFIER.exec(token)?.[1];
      return name && !NOT_OURS.has(name) && !defined(name) ? [`${doc} names ${name}`] : [];
    });
    expect(missing).toEqual([]);
  });
});
