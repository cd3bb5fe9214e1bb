/**
 * The relay as one file beside the built app (`dist/mcp-lens-relay.mjs`), with its SHA-256 beside it
 * (`dist/mcp-lens-relay.mjs.sha256`, in `sha256sum` format), so a hosted copy of MCP Lens can hand out a
 * relay that works with nothing but Node: no clone, no package from a registry (docs/relay.md#which-command).
 * rolldown bundles src/node/relay/main.ts with everything it imports, the MCP SDK included, for Node 22 and
 * newer; what is left to import is Node's own modules, which `relayFileImports` lets the test check.
 */
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import type { Plugin } from 'vite';

import { RELAY_FILE, RELAY_FILE_HASH } from '../../shared/relay.ts';

const ENTRY = fileURLToPath(new URL('../relay/main.ts', import.meta.url));

/** The single file's text, and its hash file's. `version` is the app's: the relay reports it, and the app compares. */
export async function bundleRelayFile(version: string): Promise<{ code: string; hash: string }> {
  const output = await build({
    input: ENTRY,
    platform: 'node',
    logLevel: 'warn',
    write: false,
    transform: {
      target: 'node22',
      define: { __MCP_LENS_VERSION__: JSON.stringify(version), __MCP_LENS_CONTEXT__: JSON.stringify('hosted') },
    },
    output: { format: 'esm', codeSplitting: false },
  });
  const [chunk, ...rest] = output.output;
  if (chunk?.type !== 'chunk' || rest.length > 0) throw new Error(`Bundling the relay gave ${output.output.length} files, not one.`);
  const code = chunk.code;
  return { code, hash: `${createHash('sha256').update(code).digest('hex')}  ${RELAY_FILE}\n` };
}

/**
 * The modules the file still loads, as rolldown writes them: a static import at the top of a line, an
 * external `require` through its `__require`, a dynamic `import("…")`. Node's own only, when it is
 * self-contained. (Ajv's generated code and JSDoc types mention other modules in strings and comments,
 * which rolldown leaves in single quotes or inside template literals; none of them runs.)
 */
export function relayFileImports(code: string): string[] {
  const patterns = [/^import\b[^;]*?\bfrom\s*"([^"]+)";?$/gm, /\b__require\("([^"]+)"\)/g, /(?<![`\w.$])import\("([^"]+)"\)/g];
  return [...new Set(patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]!)))].sort();
}

/** Writes both files into the build's output, beside index.html. */
export function relayFilePlugin(version: string): Plugin {
  return {
    name: 'mcp-lens-relay-file',
    apply: 'build',
    async generateBundle() {
      const { code, hash } = await bundleRelayFile(version);
      this.emitFile({ type: 'asset', fileName: RELAY_FILE, source: code });
      this.emitFile({ type: 'asset', fileName: RELAY_FILE_HASH, source: hash });
    },
  };
}
