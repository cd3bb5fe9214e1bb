/**
 * Header files for the static hosts people use, written beside the built app from the one policy source
 * (`src/node/static-server/csp.ts`), so a host serves exactly what `npm start` does:
 * - `_headers` (Netlify, Cloudflare Pages) and `vercel.json` are read by those hosts from the published folder;
 * - `hosting/Caddyfile` and `hosting/nginx.conf` are site blocks to copy into a server's configuration.
 * Every file but `sandbox.html` gets the app's headers; `sandbox.html` gets its own (MCP Apps run in it, and
 * the app's policy would break them). Hosts that merge the headers of overlapping rules (Netlify, Cloudflare)
 * would send both policies to the sandbox, which a browser enforces together, so no rule here overlaps another.
 */
import { readdirSync, type Dirent } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { SANDBOX_HEADERS, SANDBOX_PAGE, SECURITY_HEADERS } from '../static-server/csp.ts';

type Headers = Readonly<Record<string, string>>;

/** The generated files, by path relative to the built folder. */
export const HOSTING_FILES = ['_headers', 'vercel.json', 'hosting/Caddyfile', 'hosting/nginx.conf'] as const;

/** The port the Caddy and nginx site blocks listen on (the Dockerfile exposes it). */
const HOSTING_PORT = 8080;

/** A top-level entry of the built folder. */
export interface BuiltEntry {
  name: string;
  folder: boolean;
}

/** Each recipe's text, for a built folder whose own entries are `topLevel`. */
export function hostingRecipes(topLevel: readonly BuiltEntry[]): Record<(typeof HOSTING_FILES)[number], string> {
  return {
    _headers: netlifyHeaders(topLevel),
    'vercel.json': vercelJson(),
    'hosting/Caddyfile': caddyfile(),
    'hosting/nginx.conf': nginxConf(),
  };
}

/** `_headers`: one rule per top-level entry (a folder as `/name/*`), so the sandbox page matches only its own. */
function netlifyHeaders(topLevel: readonly BuiltEntry[]): string {
  const paths = [
    '/',
    ...topLevel.filter(({ name }) => name !== SANDBOX_PAGE).map(({ name, folder }) => (folder ? `/${name}/*` : `/${name}`)),
  ];
  const rule = (path: string, headers: Headers) =>
    [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return `${[...paths.sort().map((path) => rule(path, SECURITY_HEADERS)), rule(`/${SANDBOX_PAGE}`, SANDBOX_HEADERS)].join('\n')}\n`;
}

/** `vercel.json`: Vercel's `source` patterns take a regular expression group, so the app's rule can skip the sandbox page. */
function vercelJson(): string {
  const list = (headers: Headers) => Object.entries(headers).map(([key, value]) => ({ key, value }));
  const sandbox = SANDBOX_PAGE.replace(/\./g, '\\.');
  const config = {
    headers: [
      { source: `/((?!${sandbox}$).*)`, headers: list(SECURITY_HEADERS) },
      { source: `/${SANDBOX_PAGE}`, headers: list(SANDBOX_HEADERS) },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

function caddyfile(): string {
  const block = (matcher: string, headers: Headers) =>
    [`\theader ${matcher} {`, ...Object.entries(headers).map(([name, value]) => `\t\t${name} "${value.replace(/"/g, '\\"')}"`), '\t}'].join(
      '\n',
    );
  return [
    '# Serves the built MCP Lens (dist/, at MCP_LENS_ROOT) with its security headers: caddy run --config Caddyfile',
    `:${HOSTING_PORT} {`,
    '\troot * {$MCP_LENS_ROOT:/srv}',
    '\tfile_server',
    `\t@sandbox path /${SANDBOX_PAGE}`,
    `\t@app not path /${SANDBOX_PAGE}`,
    block('@app', SECURITY_HEADERS),
    block('@sandbox', SANDBOX_HEADERS),
    '}',
    '',
  ].join('\n');
}

function nginxConf(): string {
  // `always`: the headers go on error pages too. nginx does not inherit add_header into a location that has its
  // own, which is exactly the separation wanted.
  const adds = (headers: Headers) => Object.entries(headers).map(([name, value]) => `    add_header ${name} "${value}" always;`);
  return [
    '# A server block for the built MCP Lens; root is where dist/ was copied.',
    'server {',
    `  listen ${HOSTING_PORT};`,
    '  root /usr/share/nginx/html;',
    '  index index.html;',
    `  location = /${SANDBOX_PAGE} {`,
    ...adds(SANDBOX_HEADERS),
    '  }',
    '  location / {',
    ...adds(SECURITY_HEADERS),
    '    try_files $uri $uri/ =404;',
    '  }',
    '}',
    '',
  ].join('\n');
}

/** Writes the recipes into the build's output folder once everything else (public/ included) is there. */
export function hostingRecipesPlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mcp-lens-hosting-recipes',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const entries = readdirSync(outDir, { withFileTypes: true }).map((entry: Dirent) => ({
        name: entry.name,
        folder: entry.isDirectory(),
      }));
      const files = hostingRecipes(entries);
      await mkdir(join(outDir, 'hosting'), { recursive: true });
      await Promise.all(Object.entries(files).map(([name, text]) => writeFile(join(outDir, name), text)));
    },
  };
}
