import { createHash } from 'node:crypto';
import { builtinModules } from 'node:module';

import { describe, expect, it } from 'vitest';

import { bundleRelayFile, relayFileImports } from './relay-file.ts';

describe('the single-file relay (dist/mcp-lens-relay.mjs)', () => {
  it('is one file that needs nothing but Node, with its version and context built in, and its hash beside it', async () => {
    const { code, hash } = await bundleRelayFile('9.8.7');
    const imports = relayFileImports(code);
    expect(imports.length).toBeGreaterThan(0);
    const builtins = new Set(builtinModules);
    expect(imports.filter((name) => !(name.startsWith('node:') || builtins.has(name)))).toEqual([]);
    // The version it reports and the commands its messages suggest are a downloaded file's, not a clone's.
    expect(code).toContain('"9.8.7"');
    expect(code).toContain('mcp-lens-relay.mjs');
    expect(code).not.toContain('__MCP_LENS_CONTEXT__');
    expect(hash).toBe(`${createHash('sha256').update(code).digest('hex')}  mcp-lens-relay.mjs\n`);
  });

  it('finds what a file imports, and not the code Ajv writes into strings nor JSDoc types', () => {
    const code = [
      'import { a } from "node:fs";',
      'import b from "node:path";',
      'const c = __require("child_process");',
      'const d = (0, codegen_1._)`require("ajv-formats/dist/formats")`;',
      " * @returns {{ parsed: import('./types/index').URIComponent }}",
      " * @param {import('../types/index').Options} options",
      'import("some-package");',
    ].join('\n');
    expect(relayFileImports(code)).toEqual(['child_process', 'node:fs', 'node:path', 'some-package']);
  });
});
