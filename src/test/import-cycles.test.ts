/**
 * No import cycles in src (type-only imports included): a cycle makes module start-up order matter and
 * hides which feature depends on which. `npx madge --circular --extensions ts,tsx src` says the same at
 * greater length; this keeps it true without adding madge as a dependency.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import graph', () => {
  it('has no cycles', () => {
    const graph = new Map<string, string[]>();
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      graph.set(
        file,
        [...text.matchAll(IMPORT)].map((match) => resolve(dirname(file), match[1]!)),
      );
    }
    expect(graph.size).toBeGreaterThan(100);
    expect(findCycles(graph).map((cycle) => cycle.map((file) => relative(SRC, file)).join(' > '))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']]);
  });
});
