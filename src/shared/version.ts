declare const __MCP_LENS_VERSION__: string | undefined;

/**
 * MCP Lens's version, from package.json, set at build time by the bundlers' `define` (vite.config.ts for the
 * app and its worker, vitest.config.ts for the tests, the package's build for `npx mcp-lens`). Code run from
 * its TypeScript sources by tsx has no bundler, so it says so rather than guess a number.
 */
export const LENS_VERSION: string = typeof __MCP_LENS_VERSION__ === 'string' ? __MCP_LENS_VERSION__ : '0.0.0-source';
