declare const __MCP_LENS_VERSION__: string | undefined;

/** The version of code run from its TypeScript sources by tsx, which has no bundler to set one. */
export const SOURCE_VERSION = '0.0.0-source';

/**
 * MCP Lens's version, from package.json, set at build time by the bundlers' `define` (vite.config.ts for the
 * app and its worker, vitest.config.ts for the tests, the package's build for `npx mcp-lens`, the
 * single-file relay's build). Code run from its sources says so rather than guess a number.
 */
export const LENS_VERSION: string = typeof __MCP_LENS_VERSION__ === 'string' ? __MCP_LENS_VERSION__ : SOURCE_VERSION;
