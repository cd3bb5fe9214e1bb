/**
 * The data-flow diagram in docs/architecture.md, checked against the code it cites. Each line of the diagram
 * that names code also names the files it lives in; every name on the line must be declared, imported or
 * (for a member, `EngineClient.call`) defined or called in one of those files, and every batch size or
 * interval the line states must be a literal there. A renamed function, a moved file or a changed constant
 * fails here instead of leaving a diagram that teaches the old code.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT, withoutComments } from './support/tree.ts';

const doc = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
const diagram = /## Data flow\n[^#]*?```\n([\s\S]*?)\n```/.exec(doc)?.[1] ?? '';
const sources = repoFiles(join(ROOT, 'src')).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));

/** A file the diagram names: `src/app/calls.ts`, `engine.ts`, `features/*.ts`, `auth/session.ts`. */
const FILE = /(?:src\/)?[\w*-]+(?:\/[\w*-]+)*\.tsx?/g;

/** The files a path on a line stands for: relative to the line's previous full path if there, else the one file under src/ it ends. */
function resolve(path: string, previous: string | undefined): string[] {
  const pattern = (full: string) => new RegExp(`^${full.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]*')}$`);
  const candidates = path.startsWith('src/') ? [path] : [...(previous ? [join(dirname(previous), path)] : []), `*/${path}`];
  for (const candidate of candidates) {
    const found = candidate.startsWith('*/')
      ? sources.filter((file) => file.endsWith(candidate.slice(1)))
      : sources.filter((file) => pattern(candidate).test(file));
    // A suffix must name one file; a glob may name several.
    if (found.length === 1 || (found.length > 1 && candidate.includes('*') && !candidate.startsWith('*/'))) return found;
  }
  return [];
}

const escape = (name: string) => name.replace(/\$/g, '\\$');

function declares(code: string, name: string): boolean {
  const n = escape(name);
  return [
    new RegExp(`\\b(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${n}\\b`),
    new RegExp(`\\bimport\\s[^;]*?\\b${n}\\b[^;]*?\\bfrom\\b`),
    new RegExp(`^\\s*(?:async\\s+)?(?:readonly\\s+)?${n}\\s*[(<:?]`, 'm'),
  ].some((pattern) => pattern.test(code));
}

/** What one line of the diagram cites: its files, its names, its members, its numbers. */
function citesOf(line: string) {
  const paths = [...line.matchAll(FILE)].map((match) => match[0]);
  const files: string[] = [];
  const unresolved: string[] = [];
  let previous: string | undefined;
  for (const path of paths) {
    const found = resolve(path, previous);
    if (found.length === 0) unresolved.push(path);
    files.push(...found);
    if (path.startsWith('src/')) previous = path;
  }
  // Quoted strings and object literals are data, paths were read above: neither is a name.
  const prose = line
    .replace(FILE, ' ')
    .replace(/'[^']*'/g, ' ')
    .replace(/\{[^}]*\}/g, ' ');
  const names: string[] = [];
  const members: string[] = [];
  for (const match of prose.matchAll(/([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*)([([])?/g)) {
    const [head, ...rest] = match[1]!.split('.');
    const code = (word: string) => /[a-z][A-Z]/.test(word);
    if (rest.length > 0) {
      if (code(head!)) names.push(head!);
      members.push(...rest);
    } else if (match[2] || code(head!)) names.push(head!);
  }
  const numbers = [...line.matchAll(/(?:every|≤)\s+(\d+)\s+(?:ms|events)/g)].map((match) => match[1]!);
  return { files, unresolved, names, members, numbers };
}

const lines = diagram.split('\n').map((text, index) => ({ text, number: index + 1, ...citesOf(text) }));

describe('the data-flow diagram in docs/architecture.md', () => {
  it('is there, and cites code', () => {
    expect(diagram).toContain('worker boundary');
    expect(lines.flatMap((line) => line.names).length).toBeGreaterThan(10);
  });

  it('names files that exist, each path one file', () => {
    const unresolved = lines.flatMap((line) => line.unresolved.map((path) => `line ${line.number}: ${path}`));
    expect(unresolved).toEqual([]);
  });

  it('says on each line that cites code which files it lives in', () => {
    const homeless = lines.filter((line) => line.names.length + line.members.length > 0 && line.files.length === 0);
    expect(homeless.map((line) => `line ${line.number}: ${line.text.trim()}`)).toEqual([]);
  });

  it('cites names that are declared, imported, defined or called in the files on their line', () => {
    const wrong = lines.flatMap((line) => {
      const code = line.files.map((file) => withoutComments(readFileSync(join(ROOT, file), 'utf8'))).join('\n');
      return [
        ...line.names.filter((name) => !declares(code, name)),
        ...line.members.filter((name) => !declares(code, name) && !new RegExp(`\\.${escape(name)}\\b`).test(code)),
      ].map((name) => `line ${line.number}: ${name} is not in ${line.files.join(', ') || 'any file'}`);
    });
    expect(wrong).toEqual([]);
  });

  it('states batch sizes and intervals that are literals in the files on their line', () => {
    const wrong = lines.flatMap((line) => {
      const code = line.files.map((file) => withoutComments(readFileSync(join(ROOT, file), 'utf8'))).join('\n');
      return line.numbers
        .filter((value) => !new RegExp(`=\\s*${value}\\s*;`).test(code))
        .map((value) => `line ${line.number}: ${value} is not a constant in ${line.files.join(', ') || 'any file'}`);
    });
    expect(wrong).toEqual([]);
  });
});
