/** The repository's own files, for the hygiene tests: everything but dependencies, build output and git. */
import { readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../../..');
const SKIP = new Set(['node_modules', 'dist', '.git', '.conformance', 'test-results', 'playwright-report']);

/** Paths relative to the repository root, with forward slashes, of the files below `dir` (default: all). */
export function repoFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIP.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return repoFiles(path);
    return entry.isFile() ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

/** Source text without its comments, so that a name a comment still cites does not count as code. */
export function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}
