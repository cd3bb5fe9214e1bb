/**
 * The engine worker's stand-in for the SDK's browser shims (vite.config.ts resolves
 * `@modelcontextprotocol/client/_shims` to worker-sdk-shims.ts), pinned to the installed SDK: when an upgrade
 * adds or changes an export of its browser shim, this fails before the worker build breaks or differs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NoSdkSchemaValidator } from './sdk-validator.ts';
import * as shims from './worker-sdk-shims.ts';

const browserShim = readFileSync(
  new URL('../../../node_modules/@modelcontextprotocol/client/dist/shimsBrowser.mjs', import.meta.url),
  'utf8',
);

/** The names the SDK's browser shim exports (`export { A, B as C }`). */
const exportedNames = (source: string) =>
  [...source.matchAll(/export\s*\{([^}]*)\}/g)].flatMap((match) =>
    match[1]!.split(',').map((part) =>
      part
        .trim()
        .split(/\s+as\s+/)
        .pop()!,
    ),
  );

describe('worker-sdk-shims', () => {
  it('exports what the SDK browser shim exports', () => {
    expect(Object.keys(shims).sort()).toEqual(exportedNames(browserShim).sort());
  });

  it('says what the SDK browser shim says about CORS', () => {
    expect(browserShim).toMatch(/const CORS_IS_POSSIBLE = true;/);
    expect(shims.CORS_IS_POSSIBLE).toBe(true);
  });

  it('gives the Client no schema validator: a compile says the engine checks outputSchema itself', () => {
    expect(shims.DefaultJsonSchemaValidator).toBe(NoSdkSchemaValidator);
    expect(() => new shims.DefaultJsonSchemaValidator().getValidator()).toThrow(/checks outputSchema itself/);
  });
});
