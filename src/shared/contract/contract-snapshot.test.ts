/** The snapshot: deterministic, volatile-free, valid against its published JSON Schema, and read back with care. */
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';

import { CONTRACT_SCHEMA_PATH, readSnapshot, snapshotOf, snapshotText, type ContractSurface } from './contract-snapshot.ts';

const SURFACE: ContractSurface = {
  server: { name: 'demo', version: '1.2.0' },
  era: 'legacy',
  protocolVersion: '2025-11-25',
  tools: [
    {
      name: 'search',
      description: 'Finds things.',
      inputSchema: { type: 'object', required: ['q', 'limit'], properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
      outputSchema: { type: 'object', properties: { hits: { type: 'array' } } },
      annotations: { title: 'Search', readOnlyHint: true },
      execution: { taskSupport: 'optional' },
    },
    { name: 'add', inputSchema: { type: 'object' } },
  ],
  prompts: [{ name: 'greet', arguments: [{ name: 'who', required: true }] }],
  resources: [
    { uri: 'file:///b', name: 'b', mimeType: 'text/plain' },
    { uri: 'file:///a', name: 'a' },
  ],
  templates: [{ uriTemplate: 'file:///{x}', name: 'x' }],
};

describe('contract snapshots', () => {
  it('are the same bytes whatever order the server listed things and wrote keys in', () => {
    const shuffled: ContractSurface = {
      ...SURFACE,
      tools: [...SURFACE.tools].reverse().map((t) => ({ ...t, inputSchema: Object.fromEntries(Object.entries(t.inputSchema).reverse()) })),
      resources: [...SURFACE.resources].reverse(),
    };
    expect(snapshotText(snapshotOf(shuffled))).toBe(snapshotText(snapshotOf(SURFACE)));
    const snapshot = snapshotOf(SURFACE);
    expect(Object.keys(snapshot.tools)).toEqual(['add', 'search']);
    expect(snapshot.tools.search).toEqual({
      title: 'Search',
      description: 'Finds things.',
      inputSchema: { properties: { limit: { type: 'integer' }, q: { type: 'string' } }, required: ['limit', 'q'], type: 'object' },
      outputSchema: { properties: { hits: { type: 'array' } }, type: 'object' },
      annotations: { readOnlyHint: true },
      taskSupport: 'optional',
    });
  });

  it('validate against the published JSON Schema (public/schemas/mcp-lens-contract-v1.schema.json)', () => {
    const schema = JSON.parse(readFileSync(new URL(`../../../public/${CONTRACT_SCHEMA_PATH}`, import.meta.url), 'utf8')) as object;
    const validate = new Ajv2020({ strict: true }).compile(schema);
    expect(validate(JSON.parse(snapshotText(snapshotOf(SURFACE)))), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...snapshotOf(SURFACE), sessionId: 'x' })).toBe(false);
  });

  it('read back what they wrote, and refuse other files with what to do', () => {
    const text = snapshotText(snapshotOf(SURFACE));
    expect(readSnapshot(text)).toEqual(snapshotOf(SURFACE));
    expect(() => readSnapshot('{', 'old.json')).toThrow(/^old.json is not JSON .*mcp-lens snapshot/);
    expect(() => readSnapshot('{"format":"mcp-lens-session"}', 'x.json')).toThrow(/x.json is not a contract snapshot/);
    expect(() => readSnapshot(text.replace('"version": 1', '"version": 9'))).toThrow(/version 9; this MCP Lens reads version 1/);
    const broken = { ...snapshotOf(SURFACE), tools: { t: { inputSchema: 'nope' } } };
    expect(() => readSnapshot(JSON.stringify(broken))).toThrow(/tool "t" has no "inputSchema" object/);
  });
});
