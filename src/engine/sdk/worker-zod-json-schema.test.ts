/**
 * The engine worker's stand-in for zod's JSON Schema modules (vite.config.ts resolves zod's
 * `core/to-json-schema.js` and `core/json-schema-processors.js` to worker-zod-json-schema.ts), pinned to the
 * installed zod: when an upgrade adds, renames or moves an export, this fails before the worker build breaks or
 * a schema quietly misses a method.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as stub from './worker-zod-json-schema.ts';

const ZOD_CORE = new URL('../../../node_modules/zod/v4/core/', import.meta.url);
const REPLACED = ['to-json-schema.js', 'json-schema-processors.js'].map((file) => new URL(file, ZOD_CORE));

/** A zod file outside its package's exports map: imported by its path, as the bundler reaches it. */
const exportsOf = async (file: URL) => Object.keys((await import(/* @vite-ignore */ pathToFileURL(file.pathname).href)) as object);

describe('worker-zod-json-schema', () => {
  it('stands in for files the installed zod has', () => {
    for (const file of REPLACED) expect(existsSync(file), file.pathname).toBe(true);
  });

  it('exports what the two zod modules export, together', async () => {
    const names = new Set((await Promise.all(REPLACED.map(exportsOf))).flat());
    expect(Object.keys(stub).sort()).toEqual([...names].sort());
  });

  it('gives a schema its methods, which fail saying why when called', () => {
    const method = stub.createStandardJSONSchemaMethod();
    expect(typeof method).toBe('function');
    expect(() => method()).toThrow(/left out of the engine worker/);
    expect(() => stub.createToJSONSchemaMethod()()).toThrow(/left out of the engine worker/);
    expect(() => stub.toJSONSchema()).toThrow(/left out of the engine worker/);
    expect(Object.keys(stub.allProcessors)).toEqual([]);
  });
});
