/**
 * Docs and comments that name a file or a function name one that exists. A moved or renamed file otherwise
 * leaves a pointer to nowhere that no compiler notices (`clock.ts` pointed at a clock file that had been
 * merged away), and a renamed function leaves a recipe that teaches a name nobody can find.
 *
 * In every Markdown file of the repository, a backticked token is read by rule (`claimsOf`): a file name must
 * be a file, a relative path the end of one, a code name (camelCase, PascalCase, SCREAMING_SNAKE, a call, a
 * member chain, a JSX tag) must occur in code outside comments, and a name placed in a file (`name` in
 * `file.ts`, `name` (`file.ts`)) must occur in that file. The data-flow diagram has its own test
 * (doc-data-flow.test.ts).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoFiles, ROOT, withoutComments } from './support/tree.ts';

const TEXT = /\.(md|ts|tsx|mjs|js|css|html)$/;
const SRC_PATH = /(?<![\w/.-])src\/[\w./-]*[\w/-]/g;

/** A bare file name: `wire-tap.ts`, `vite.config.ts`. */
const BARE_FILE = /^[\w.-]+\.(ts|tsx|mts|mjs|cjs|js|json|css|md|html|yml|yaml|sh)$/;
/** A relative path to a file or folder: `features/prompts.ts`, `auth/session.ts`, `contract/`. */
const REL_PATH = /^[\w.-]+\/([\w.-]+\/)*([\w.-]+\.(ts|tsx|mts|mjs|cjs|js|json|css|md|html|yml|yaml|sh))?$/;
/** An identifier that looks like code: camelCase, PascalCase, or SCREAMING_SNAKE with at least one underscore. */
const CODE_NAME = /^([a-z][a-z0-9]*[A-Z][A-Za-z0-9]*|[A-Z][a-z0-9]+[A-Z]?\w*|[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/;
/** A call: `name()` or `name(args)`, whatever the name's case. */
const CALL = /^([A-Za-z_$][\w$]*)\(.*\)$/;
/** A member chain: `scope.readOnly`, `EngineClient.call(method, …)`; each part is checked if it looks like code. */
const CHAIN = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+(?:\(.*\))?$/;
/** A JSX element: `<WorkspaceShell/>`, `<Suspense>`. */
const JSX = /^<([A-Z]\w*)\s*\/?>$/;

/**
 * Words backticked in docs that look like code but are not ours, and that our code (comments aside) never
 * spells: browser APIs (one the code leaves undefined on purpose), library names the docs say we do not use,
 * a package.json key, an HTTP header.
 */
const NOT_OURS = new Set([
  'createHTML',
  'DedicatedWorkerGlobalScope',
  'MessagePort',
  'loadSchema',
  'PostMessageTransport',
  'optionalDependencies',
  'Referer',
]);

/** Files that docs name but the repository does not hold: what the build writes, and a user's file in an example command. */
const NOT_IN_REPO = new Set(['mcp-lens-relay.mjs', 'client-metadata.json', 'contract.json']);

/** Folders the repository ignores (.gitignore's `name/` lines): build, bench and conformance output. */
const IGNORED = new Set(
  readFileSync(join(ROOT, '.gitignore'), 'utf8')
    .split('\n')
    .filter((line) => /^[\w.-]+\/$/.test(line))
    .map((line) => line.slice(0, -1)),
);

/**
 * What a backticked token claims exists: a file of that name, a relative path, or code names. Tokens with
 * spaces, dashes or dots that are not file names, paths or member chains are prose, headers or spec names
 * (`notifications/cancelled`, `Mcp-Session-Id`, `list_changed`), and claim nothing; `src/…` paths are the
 * first test's.
 */
function claimsOf(token: string): { file?: string; path?: string; names: string[] } {
  // A name that starts with a dot is a kind of file (`.mcplens.json`) or another tool's (`.mcp.json`, `.vscode/`).
  if (token.startsWith('.') && !token.startsWith('../')) return { names: [] };
  if (BARE_FILE.test(token)) return { file: token, names: [] };
  const path = token.replace(/^(\.\.\/)+/, '');
  if (REL_PATH.test(path) && !path.startsWith('src/')) return { path, names: [] };
  const jsx = JSX.exec(token);
  if (jsx) return { names: [jsx[1]!] };
  const call = CALL.exec(token);
  if (call) return { names: [call[1]!] };
  if (CHAIN.test(token)) {
    const parts = token.replace(/\(.*\)$/, '').split('.');
    return { names: parts.filter((part) => CODE_NAME.test(part)) };
  }
  return { names: CODE_NAME.test(token) ? [token] : [] };
}

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

  it('every published JSON Schema lives in public/schemas/ (served with the app), its $id its file name', () => {
    const schemas = files.filter((file) => file.endsWith('.schema.json') && !file.startsWith('src/test/') && !file.startsWith('e2e/'));
    expect(schemas.filter((file) => !file.startsWith('public/schemas/'))).toEqual([]);
    expect(schemas.sort()).toEqual([
      'public/schemas/mcp-lens-collection-v1.schema.json',
      'public/schemas/mcp-lens-contract-v1.schema.json',
    ]);
    for (const file of schemas) expect((JSON.parse(readFileSync(join(ROOT, file), 'utf8')) as { $id?: string }).$id).toBe(basename(file));
  });
});

describe('names backticked in docs', () => {
  const backticked = docs.flatMap((doc) =>
    [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/`([^`\n]+)`/g)].map((match) => ({ doc, ...claimsOf(match[1]!) })),
  );

  it('every bare file name is a file of the repository', () => {
    const names = new Set(files.map((file) => basename(file)));
    const missing = backticked.flatMap(({ doc, file }) =>
      file && !names.has(file) && !NOT_IN_REPO.has(file) ? [`${doc} names ${file}`] : [],
    );
    expect(missing).toEqual([]);
  });

  it('every relative path is the end of a path in the repository', () => {
    const paths = files.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(i).join('/')));
    const dirs = files.flatMap((file) => {
      const parts = file.split('/').slice(0, -1);
      return parts.flatMap((_, i) => parts.slice(0, i + 1).map((__, j) => `${parts.slice(j, i + 1).join('/')}/`));
    });
    const known = new Set([...paths, ...dirs]);
    const missing = backticked.flatMap(({ doc, path }) =>
      path && !known.has(path) && !IGNORED.has(path.split('/')[0]!) ? [`${doc} names ${path}`] : [],
    );
    expect(missing).toEqual([]);
  });

  it('every function, type, hook or constant name appears in the code', () => {
    const code = files
      .filter((file) => /\.(ts|tsx|mts|mjs|cjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => withoutComments(readFileSync(join(ROOT, file), 'utf8')))
      .join('\n');
    const words = new Set(code.match(/[A-Za-z_$][\w$]*/g));
    const missing = backticked.flatMap(({ doc, names }) =>
      names.filter((name) => !NOT_OURS.has(name) && !words.has(name)).map((name) => `${doc} names ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('a name placed in a file is in that file: `name` in `src/…`, `name` (`file.ts`), `name`, `dir/file.ts`', () => {
    // A path that is not from the root stands for the one file of the repository it ends; one it leaves ambiguous is skipped.
    const fileOf = (path: string) => {
      const found = path.startsWith('src/') ? [path] : files.filter((file) => file.endsWith(`/${path}`) || file === path);
      return found.length === 1 && existsSync(join(ROOT, found[0]!)) ? found[0] : undefined;
    };
    const misplaced = docs.flatMap((doc) =>
      [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/`([^`\n]+)`(?: in | \(|, )`([\w./-]+\.(?:tsx?|mjs))`/g)].flatMap((match) => {
        const [, token, path] = match as unknown as [string, string, string];
        const names = claimsOf(token).names.filter((name) => !NOT_OURS.has(name));
        const file = fileOf(path);
        if (names.length === 0 || !file) return [];
        const code = withoutComments(readFileSync(join(ROOT, file), 'utf8'));
        return names
          .filter((name) => !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(code))
          .map((name) => `${doc}: ${name} is not in ${file}`);
      }),
    );
    expect(misplaced).toEqual([]);
  });
});

describe('the Layers table of docs/architecture.md', () => {
  it('has a row for every entry at the top of src/', () => {
    const architecture = readFileSync(join(ROOT, 'docs/architecture.md'), 'utf8');
    const table = /## Layers\n\n((?:\|.*\n)+)/.exec(architecture)?.[1] ?? '';
    const named = new Set(
      [...table.matchAll(/^\| ([^|]+)\|/gm)].flatMap((row) => [...row[1]!.matchAll(/`src\/([^`/]+)\/?`/g)].map((m) => m[1]!)),
    );
    const entries = readdirSync(join(ROOT, 'src'));
    expect(named.size).toBeGreaterThan(5);
    expect(entries.filter((entry) => !named.has(entry))).toEqual([]);
  });
});
