/**
 * Docs and comments that name a file under `src/` name one that exists. A moved or renamed file otherwise
 * leaves a pointer to nowhere that no compiler notices (`clock.ts` pointed at a clock file that had been
 * merged away). Placeholders (`src/ui/<feature>/`) and globs (`src/**`) are not paths and are skipped.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT } from './tree.ts';

const TEXT = /\.(md|ts|tsx|mjs|js|css|html)$/;
const SRC_PATH = /(?<![\w/.-])src\/[\w./-]*[\w/-]/g;

describe('paths named in docs and comments', () => {
  it('every src/… path exists', () => {
    const missing: string[] = [];
    for (const file of repoFiles().filter((f) => TEXT.test(f))) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const match of text.matchAll(SRC_PATH)) {
        const after = text[match.index + match[0].length];
        if (after === '<' || after === '*' || after === '{') continue;
        const path = match[0].replace(/\.$/, '');
        if (!existsSync(join(ROOT, path))) missing.push(`${file} names ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
