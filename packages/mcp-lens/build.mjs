// Runs before `npm pack` / `npm publish` here (prepack): bundles the relay and what it imports from the
// repository (src/node/relay/main.ts, src/shared/relay.ts, parts of src/node/demo-server/) into one plain
// JavaScript file, so the package needs neither TypeScript nor tsx at run time. The MCP SDK packages stay
// imports, resolved from this package's `dependencies`; everything else is bundled. rolldown is the
// repository's own devDependency (also used by scripts/conformance.mjs), found in its node_modules.
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const here = fileURLToPath(new URL('.', import.meta.url));
rmSync(`${here}dist`, { recursive: true, force: true });
await build({
  input: fileURLToPath(new URL('../../src/node/relay/main.ts', import.meta.url)),
  platform: 'node',
  logLevel: 'warn',
  external: [/^@modelcontextprotocol\//],
  output: { file: `${here}dist/relay.mjs`, format: 'esm', codeSplitting: false },
});
