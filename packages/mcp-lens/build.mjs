// Runs before `npm pack` / `npm publish` here (prepack). It builds what the package carries into dist/:
// - dist/app/: the web app, built by Vite from the repository's own config, as `npm run build` builds it;
// - dist/mcp-lens.mjs (src/node/npx/main.ts: the command, which calls the app's server, the relay, the
//   headless client and the audit as functions): bundled by rolldown with what it imports from the
//   repository, eventsource-parser and Ajv included, into one plain JavaScript file, so the
//   package needs neither TypeScript nor tsx at run time. The MCP SDK packages stay imports, resolved from
//   this package's `dependencies`. Vite and rolldown are the repository's own devDependencies, found in its
//   node_modules.
import { readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build as bundle } from 'rolldown';
import { build as buildApp } from 'vite';

const here = fileURLToPath(new URL('.', import.meta.url));
const repository = fileURLToPath(new URL('../..', import.meta.url));
rmSync(`${here}dist`, { recursive: true, force: true });

// The package serves the app itself, on loopback, so settings for a hosted copy stay out of it: a Client ID
// Metadata Document names a public https URL, and a second sandbox origin would be one this package's
// server does not have.
delete process.env.MCP_LENS_PUBLIC_URL;
delete process.env.MCP_LENS_SANDBOX_URL;
await buildApp({
  root: repository,
  configFile: `${repository}vite.config.ts`,
  logLevel: 'warn',
  // Source maps would triple the download for a debugging aid the published app's users do not need.
  build: { outDir: `${here}dist/app`, emptyOutDir: true, sourcemap: false },
});
// The header recipes for other static hosts (src/node/build/hosting-recipes.ts): this package is its own host.
// And the single-file relay for a hosted copy (src/node/build/relay-file.ts): this package has its own.
for (const file of ['_headers', 'vercel.json', 'hosting', 'mcp-lens-relay.mjs', 'mcp-lens-relay.mjs.sha256'])
  rmSync(`${here}dist/app/${file}`, { recursive: true });

// The version the engine reports as its clientInfo (src/shared/version.ts), as Vite sets it for the app.
const { version } = JSON.parse(readFileSync(`${repository}package.json`, 'utf8'));
const ENTRIES = { 'mcp-lens': 'src/node/npx/main.ts' };
for (const [name, entry] of Object.entries(ENTRIES)) {
  await bundle({
    input: `${repository}${entry}`,
    platform: 'node',
    logLevel: 'warn',
    external: [/^@modelcontextprotocol\//],
    // The context names the commands its messages suggest (src/node/lens-context.ts): this package's.
    transform: { define: { __MCP_LENS_VERSION__: JSON.stringify(version), __MCP_LENS_CONTEXT__: JSON.stringify('package') } },
    output: { file: `${here}dist/${name}.mjs`, format: 'esm', codeSplitting: false },
  });
}
