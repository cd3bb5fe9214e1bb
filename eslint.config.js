// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readFileSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Layers of src/ and the layers each one must not import: dependencies point one way (docs/architecture.md#layers). */
const LAYERS = {
  shared: ['engine', 'bridge', 'state', 'queries', 'app', 'ui', 'node', 'test'],
  engine: ['bridge', 'state', 'queries', 'app', 'ui', 'node', 'test'],
  bridge: ['engine', 'state', 'queries', 'app', 'ui', 'node', 'test'],
  state: ['engine', 'bridge', 'queries', 'app', 'ui', 'node', 'test'],
  queries: ['engine', 'state', 'app', 'ui', 'node', 'test'],
  app: ['engine', 'ui', 'node', 'test'],
  ui: ['engine', 'bridge', 'node', 'test'],
  node: ['bridge', 'state', 'queries', 'app', 'ui', 'test'],
};
const FRAMEWORKS = ['react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', '@tanstack/*', '@rjsf/*', 'dompurify'];

/**
 * Rooms inside src/node that must not import each other: each is its own program. What two of them share
 * (HTTP plumbing, origin checks, JSON-RPC errors) lives in src/node/http/.
 */
const NODE_ZONES = ['relay', 'cli', 'demo-server'];

/** no-restricted-imports for one layer, plus `extra` patterns: ESLint keeps only the last config's rule, so they merge here. */
const restrictLayer = (layer, forbidden, files, extra = []) => ({
  files,
  ignores: ['src/**/*.test.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...extra,
          {
            // Any depth: `../x`, `../../x`, `../../../x/y` all reach the layer x from somewhere below src/.
            regex: `^(\\.\\./)+(${forbidden.join('|')})(/.*)?$`,
            message: `src/${layer} must not import from ${forbidden.join(', ')}: dependencies point one way (see docs/architecture.md#layers).`,
          },
          ...(['shared', 'engine', 'bridge', 'node'].includes(layer)
            ? [{ group: FRAMEWORKS, message: `src/${layer} is framework-free: no React, stores, queries or DOM sanitizers here.` }]
            : []),
          ...(layer === 'ui'
            ? [
                {
                  // One way to read a store (src/ui/services.tsx): views never hold the connection's app itself.
                  regex: '(^|/)services\\.tsx$',
                  importNames: ['useApp'],
                  message: 'useApp is private to src/ui/services.tsx: read a store with useStoreOf, act with useCommands.',
                },
                {
                  // Running work has one home, the connection's jobs registry (src/app/calls.ts).
                  group: ['@tanstack/react-query'],
                  importNames: ['useMutation', 'useMutationState'],
                  message:
                    'A long action is a job: start it with useCommands().startCall(kind, params) and render it with useLatestCall or useCall (src/ui/services.tsx); see docs/adding-an-engine-method.md.',
                },
                {
                  // Views get no raw engine client: the scope hands them query options bound to it.
                  regex: '(^|/)queries/[^/]+\\.ts$',
                  importNames: [
                    'toolsQueryOptions',
                    'promptsQueryOptions',
                    'resourcesQueryOptions',
                    'resourceTemplatesQueryOptions',
                    'readResourceQueryOptions',
                    'uriTemplateQueryOptions',
                    'completionQueryOptions',
                    'tasksQueryOptions',
                    'iconQueryOptions',
                    'loadMore',
                    'scopedQueries',
                  ],
                  message:
                    'A view reads through its scope: useScope().queries.tools(), .readResource(uri), .loadMore(…) (src/queries/scoped.ts); what acts on the server is a job (useCommands().startCall).',
                },
                {
                  group: ['zustand'],
                  importNames: ['useStore'],
                  message: "Read a connection's store with useStoreOf('name', selector) from src/ui/services.tsx.",
                },
              ]
            : []),
          ...(layer === 'app'
            ? [
                {
                  group: ['react', 'react-dom', 'react-dom/*'],
                  message: 'src/app is framework-free: commands and the event router run without React.',
                },
              ]
            : []),
        ],
      },
    ],
  },
});

const layerRules = [
  ...Object.entries(LAYERS).map(([layer, forbidden]) => restrictLayer(layer, forbidden, [`src/${layer}/**/*.{ts,tsx}`])),
  ...NODE_ZONES.map((zone) => {
    const others = NODE_ZONES.filter((z) => z !== zone);
    return restrictLayer(
      'node',
      LAYERS.node,
      [`src/node/${zone}/**/*.ts`],
      [
        {
          regex: `^(\\.\\./)+(${others.join('|')})(/.*)?$`,
          message: `src/node/${zone} must not import from src/node/${others.join(' or src/node/')}: each is its own program; shared plumbing goes in src/node/http/.`,
        },
      ],
    );
  }),
];

/** Raw HTML and navigation sinks: server strings reach the DOM as text, and every URL goes through src/shared/url.ts first (docs/security.md#sinks-and-their-guards). */
const SINKS = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message: 'Server content is rendered as text. Use a sanitized component if markup is unavoidable.',
  },
  { selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]', message: 'No raw HTML sinks: render text.' },
  { selector: "CallExpression[callee.property.name='insertAdjacentHTML']", message: 'No raw HTML sinks: render text.' },
  { selector: "CallExpression[callee.object.name='document'][callee.property.name='write']", message: 'No raw HTML sinks.' },
  {
    selector: "AssignmentExpression[left.object.name='location']",
    message: 'Navigate only with a URL checked by src/shared/url.ts.',
  },
];

/** Finished sweeps stay finished: one copy of each reader (src/shared/read.ts) and of the shell quoting (src/shared/shell.ts). */
const SHARED_HELPER = /^(isObject|isRecord|str|num|plural|pluralWord|describeError|shellQuote|shellWord)$/;
const IDIOMS = [
  {
    selector: `:matches(VariableDeclarator[init.type=/Function/], FunctionDeclaration)[id.name=${SHARED_HELPER}]`,
    message:
      'A private copy of a shared helper: import str, num, record, isRecord, plural or describeError from src/shared/read.ts, or shellWord from src/shared/shell.ts.',
  },
  {
    // `n === 1 ? '' : 's'` and its kin: plural(n, 'word') says it once.
    selector:
      "ConditionalExpression[test.operator=/^[!=]==$/][test.right.value=1][consequent.type='Literal'][alternate.type='Literal']:matches([consequent.value=''][alternate.value=/^(s|es)$/], [consequent.value=/^(s|es)$/][alternate.value=''])",
    message: "An inline plural: use plural(count, 'word') from src/shared/read.ts.",
  },
  {
    // A formatter per call (or per module) for counts: formatCount(n) says "1,024" one way everywhere.
    selector:
      "NewExpression[callee.object.name='Intl'][callee.property.name='NumberFormat'], CallExpression[callee.property.name='toLocaleString'][arguments.0.value=/^en/]",
    message: 'Format a count with formatCount(n) from src/shared/read.ts.',
  },
  {
    selector: "ConditionalExpression[test.operator='instanceof'][test.right.name='Error'][consequent.property.name='message']",
    message:
      'Use describeError(error) from src/shared/read.ts: it also reads the message of an EngineError that crossed the worker boundary.',
  },
];

/**
 * The theme has one reader of the system's preference: the query in src/ui/theme/use-theme.ts (systemIsDark,
 * useResolvedTheme). A second matchMedia of its own would disagree with it for a frame after a change.
 */
const THEME_READER = 'src/ui/theme/use-theme.ts';
const THEME_QUERY = {
  selector: ':matches(Literal[value=/prefers-color-scheme/], TemplateElement[value.raw=/prefers-color-scheme/])',
  message: `The system's colour scheme is read in one place: use systemIsDark() or useResolvedTheme() from ${THEME_READER}.`,
};

/** The version comes from package.json through Vite's `define` (__MCP_LENS_VERSION__), never a copy in the source. */
const VERSION = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')).version;
const VERSION_LITERAL = {
  selector: `:matches(Literal[value=${JSON.stringify(VERSION)}], Literal[value=${JSON.stringify(`v${VERSION}`)}])`,
  message: `MCP Lens's version is __MCP_LENS_VERSION__ (Vite define from package.json), not a literal "${VERSION}".`,
};

/**
 * Code asks what the session can do (its era profile: src/shared/era-profile.ts), not which era it is. Only the
 * era's own code (the profile, the engine's era choice, what the app remembers of it) and the view that
 * displays the era may compare with 'modern' or 'legacy'. The audit asks the profile like everything else.
 */
const ERA_CHECK = {
  selector: 'BinaryExpression[operator=/^[!=]==$/] > Literal[value=/^(modern|legacy)$/]',
  message:
    "Don't branch on the era: ask the session's era profile (src/shared/era-profile.ts) what it can do, or add the capability there.",
};
const ERA_CHECK_FILES = [
  'src/ui/**/*.{ts,tsx}',
  'src/app/**/*.ts',
  'src/queries/**/*.ts',
  'src/bridge/**/*.ts',
  'src/state/**/*.ts',
  'src/engine/**/*.ts',
];
const ERA_CODE = ['src/engine/era.ts', 'src/state/era-prefs.ts', 'src/ui/server/era-facts.ts'];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/', '.bench/', '.conformance/', 'packages/*/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Raw HTML and navigation sinks: server strings reach the DOM as text, and every URL goes through
      // src/shared/url.ts first (docs/security.md#sinks-and-their-guards).
      'no-restricted-syntax': ['error', ...SINKS, ...IDIOMS],
      'no-restricted-properties': [
        'error',
        {
          object: 'window',
          property: 'open',
          message: 'Open only URLs checked by checkNavigableUrl (src/shared/url.ts), via the one helper that does.',
        },
      ],
    },
  },
  {
    files: ['src/ui/**/*.tsx', 'src/main.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Product code: no copy of the version. (Tests and fixture servers may well say 0.1.0 of something else.)
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: { 'no-restricted-syntax': ['error', ...SINKS, ...IDIOMS, VERSION_LITERAL, THEME_QUERY] },
  },
  {
    files: ERA_CHECK_FILES,
    ignores: ['src/**/*.test.{ts,tsx}', ...ERA_CODE],
    rules: { 'no-restricted-syntax': ['error', ...SINKS, ...IDIOMS, VERSION_LITERAL, ERA_CHECK, THEME_QUERY] },
  },
  {
    // Views own no running work: what stops a job is the jobs registry's (src/app/calls.ts), never a view's.
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'AbortController',
          message: 'A view owns no AbortController: start a job with useCommands().startCall and stop it with cancelCall(id).',
        },
      ],
    },
  },
  {
    // Commands own no running work either: a long action is a job of the registry, whose controller stops it.
    // The connect attempt is the connection's own lifecycle, not a job: a new Connect or Disconnect supersedes it.
    files: ['src/app/**/*.ts', 'src/queries/**/*.ts', 'src/state/**/*.ts'],
    ignores: ['src/**/*.test.ts', 'src/app/calls.ts', 'src/app/connection/connection-commands.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        {
          name: 'AbortController',
          message:
            "A long action is a job: add a kind to the jobs registry (src/app/calls.ts) and take the job's signal; see docs/adding-an-engine-method.md.",
        },
      ],
    },
  },
  {
    // The one home of each shared helper.
    files: ['src/shared/read.ts', 'src/shared/shell.ts'],
    rules: { 'no-restricted-syntax': ['error', ...SINKS, VERSION_LITERAL, THEME_QUERY] },
  },
  {
    // The theme's one reader of the system's preference: every rule of its folder but THEME_QUERY.
    files: [THEME_READER],
    rules: { 'no-restricted-syntax': ['error', ...SINKS, ...IDIOMS, VERSION_LITERAL, ERA_CHECK] },
  },
  ...layerRules,
);
