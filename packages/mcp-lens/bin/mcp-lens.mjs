#!/usr/bin/env node
// `npx mcp-lens [relay|cli|list|audit] …`. The command itself is src/node/npx/ in MCP Lens, bundled with the
// relay and the headless client into dist/mcp-lens.mjs when this package was packed (build.mjs); this file
// only says where the package keeps the app. In a clone of MCP Lens, `npm start`, `npm run relay` and `npm run cli` run the
// same parts from their TypeScript sources.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { runMcpLens } from '../dist/mcp-lens.mjs';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
await runMcpLens(process.argv.slice(2), {
  version,
  appRoot: fileURLToPath(new URL('../dist/app/', import.meta.url)),
});
