/**
 * One fixture pair per contract rule, each with the classification it must get, and the rules table of
 * docs/contracts.md read back so the docs, the code and the fixtures cannot drift apart.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

import { diffContracts } from './contract-diff.ts';
import { CONTRACT_RULES, type RuleId } from './contract-rules.ts';
import { snapshotOf, type ContractSnapshot, type ContractSurface } from './contract-snapshot.ts';

type Tool = ContractSurface['tools'][number];
type Schema = Record<string, unknown>;

const surface = (parts: Partial<ContractSurface> = {}): ContractSnapshot =>
  snapshotOf({
    server: { name: 's', version: '1' },
    era: 'modern',
    protocolVersion: '2026-07-28',
    tools: [],
    prompts: [],
    resources: [],
    templates: [],
    ...parts,
  });
const tool = (extra: Partial<Tool> = {}): Tool => ({ name: 't', inputSchema: { type: 'object' }, ...extra });
const tools = (a: Partial<Tool>, b: Partial<Tool>) => [surface({ tools: [tool(a)] }), surface({ tools: [tool(b)] })] as const;
const input = (a: Schema, b: Schema) => tools({ inputSchema: { type: 'object', ...a } }, { inputSchema: { type: 'object', ...b } });
const output = (a: Schema, b: Schema) => tools({ outputSchema: { type: 'object', ...a } }, { outputSchema: { type: 'object', ...b } });
/** A property `p` of the input (or output) with the given schema before and after. */
const inProp = (a: Schema, b: Schema) => input({ properties: { p: a } }, { properties: { p: b } });
const outProp = (a: Schema, b: Schema) => output({ properties: { p: a } }, { properties: { p: b } });
const prompt = (args: { name: string; required: boolean }[], extra = {}) => ({ name: 'p', arguments: args, ...extra });
const resource = (extra = {}) => ({ uri: 'file:///a.txt', name: 'a', ...extra });
const template = (extra = {}) => ({ uriTemplate: 'file:///{name}', name: 'files', ...extra });
const empty = surface();

interface Fixture {
  pair: readonly [ContractSnapshot, ContractSnapshot];
  /** The pointer the change must carry. */
  pointer: string;
  /** Other rules the same pair rightly reports (a removal beside its possible rename). */
  also?: RuleId[];
}

const FIXTURES: Record<RuleId, Fixture> = {
  'tool-removed': { pair: [surface({ tools: [tool()] }), empty], pointer: '/tools/t' },
  'tool-added': { pair: [empty, surface({ tools: [tool()] })], pointer: '/tools/t' },
  'prompt-removed': { pair: [surface({ prompts: [prompt([])] }), empty], pointer: '/prompts/p' },
  'prompt-added': { pair: [empty, surface({ prompts: [prompt([])] })], pointer: '/prompts/p' },
  'resource-removed': { pair: [surface({ resources: [resource()] }), empty], pointer: '/resources/file:~1~1~1a.txt' },
  'resource-added': { pair: [empty, surface({ resources: [resource()] })], pointer: '/resources/file:~1~1~1a.txt' },
  'template-removed': { pair: [surface({ templates: [template()] }), empty], pointer: '/resourceTemplates/file:~1~1~1{name}' },
  'template-added': { pair: [empty, surface({ templates: [template()] })], pointer: '/resourceTemplates/file:~1~1~1{name}' },
  'possibly-renamed': {
    pair: [
      surface({ tools: [tool({ name: 'get_user', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } })] }),
      surface({ tools: [tool({ name: 'fetch_user', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } })] }),
    ],
    pointer: '/tools/fetch_user',
    also: ['tool-removed', 'tool-added'],
  },
  'description-changed': { pair: tools({ description: 'Old.' }, { description: 'New.' }), pointer: '/tools/t/description' },
  'tool-no-longer-read-only': {
    pair: tools({ annotations: { readOnlyHint: true } }, { annotations: { readOnlyHint: false, destructiveHint: false } }),
    pointer: '/tools/t/annotations/readOnlyHint',
  },
  'tool-now-destructive': {
    pair: tools({ annotations: { destructiveHint: false } }, { annotations: { destructiveHint: true } }),
    pointer: '/tools/t/annotations/destructiveHint',
  },
  'tool-no-longer-idempotent': {
    pair: tools({ annotations: { idempotentHint: true } }, { annotations: {} }),
    pointer: '/tools/t/annotations/idempotentHint',
  },
  'tool-now-open-world': { pair: tools({ annotations: { openWorldHint: false } }, {}), pointer: '/tools/t/annotations/openWorldHint' },
  'annotations-safer': { pair: tools({}, { annotations: { readOnlyHint: true } }), pointer: '/tools/t/annotations' },
  'task-support-narrowed': {
    pair: tools({ execution: { taskSupport: 'optional' } }, { execution: { taskSupport: 'required' } }),
    pointer: '/tools/t/taskSupport',
  },
  'task-support-widened': { pair: tools({}, { execution: { taskSupport: 'optional' } }), pointer: '/tools/t/taskSupport' },
  'prompt-argument-required-added': {
    pair: [surface({ prompts: [prompt([])] }), surface({ prompts: [prompt([{ name: 'city', required: true }])] })],
    pointer: '/prompts/p/arguments/city',
  },
  'prompt-argument-optional-added': {
    pair: [surface({ prompts: [prompt([])] }), surface({ prompts: [prompt([{ name: 'city', required: false }])] })],
    pointer: '/prompts/p/arguments/city',
  },
  'prompt-argument-removed': {
    pair: [surface({ prompts: [prompt([{ name: 'city', required: false }])] }), surface({ prompts: [prompt([])] })],
    pointer: '/prompts/p/arguments/city',
  },
  'prompt-argument-now-optional': {
    pair: [
      surface({ prompts: [prompt([{ name: 'city', required: true }])] }),
      surface({ prompts: [prompt([{ name: 'city', required: false }])] }),
    ],
    pointer: '/prompts/p/arguments/city/required',
  },
  'mime-type-changed': {
    pair: [
      surface({ resources: [resource({ mimeType: 'text/plain' })] }),
      surface({ resources: [resource({ mimeType: 'application/json' })] }),
    ],
    pointer: '/resources/file:~1~1~1a.txt/mimeType',
  },
  'input-required-added': {
    pair: input({}, { properties: { q: { type: 'string' } }, required: ['q'] }),
    pointer: '/tools/t/inputSchema/properties/q',
  },
  'input-optional-added': { pair: input({}, { properties: { q: { type: 'string' } } }), pointer: '/tools/t/inputSchema/properties/q' },
  'input-required-removed': {
    pair: input({ properties: { q: {} }, required: ['q'] }, { properties: { q: {} } }),
    pointer: '/tools/t/inputSchema/required',
  },
  'input-property-removed-closed': {
    pair: input({ properties: { q: {} }, additionalProperties: false }, { properties: {}, additionalProperties: false }),
    pointer: '/tools/t/inputSchema/properties/q',
  },
  'input-property-removed': { pair: input({ properties: { q: {} } }, { properties: {} }), pointer: '/tools/t/inputSchema/properties/q' },
  'input-type-narrowed': { pair: inProp({ type: ['string', 'number'] }, { type: 'string' }), pointer: '/tools/t/inputSchema/properties/p' },
  'input-type-widened': { pair: inProp({ type: 'integer' }, { type: 'number' }), pointer: '/tools/t/inputSchema/properties/p' },
  'input-enum-narrowed': {
    pair: inProp({ type: 'string', enum: ['a', 'b'] }, { type: 'string', enum: ['a'] }),
    pointer: '/tools/t/inputSchema/properties/p',
  },
  'input-enum-widened': {
    pair: inProp({ type: 'string', enum: ['a'] }, { type: 'string', enum: ['a', 'b'] }),
    pointer: '/tools/t/inputSchema/properties/p',
  },
  'input-constraint-tightened': {
    pair: inProp({ type: 'string', maxLength: 100 }, { type: 'string', maxLength: 10 }),
    pointer: '/tools/t/inputSchema/properties/p/maxLength',
  },
  'input-constraint-loosened': {
    pair: inProp({ type: 'number', minimum: 5 }, { type: 'number', minimum: 0 }),
    pointer: '/tools/t/inputSchema/properties/p/minimum',
  },
  'input-closed': { pair: input({}, { additionalProperties: false }), pointer: '/tools/t/inputSchema/additionalProperties' },
  'input-opened': { pair: input({ additionalProperties: false }, {}), pointer: '/tools/t/inputSchema/additionalProperties' },
  'input-default-changed': {
    pair: inProp({ type: 'number', default: 10 }, { type: 'number', default: 20 }),
    pointer: '/tools/t/inputSchema/properties/p',
  },
  'input-variant-removed': {
    pair: inProp({ anyOf: [{ type: 'string' }, { type: 'number' }] }, { anyOf: [{ type: 'string' }] }),
    pointer: '/tools/t/inputSchema/properties/p/anyOf/1',
  },
  'input-variant-added': {
    pair: inProp({ anyOf: [{ type: 'string' }] }, { anyOf: [{ type: 'string' }, { type: 'number' }] }),
    pointer: '/tools/t/inputSchema/properties/p/anyOf/1',
  },
  'output-schema-removed': { pair: tools({ outputSchema: { type: 'object' } }, {}), pointer: '/tools/t/outputSchema' },
  'output-schema-added': { pair: tools({}, { outputSchema: { type: 'object' } }), pointer: '/tools/t/outputSchema' },
  'output-property-removed': {
    pair: output({ properties: { total: { type: 'number' } } }, { properties: {} }),
    pointer: '/tools/t/outputSchema/properties/total',
  },
  'output-required-removed': {
    pair: output({ properties: { total: {} }, required: ['total'] }, { properties: { total: {} } }),
    pointer: '/tools/t/outputSchema/required',
  },
  'output-property-added': {
    pair: output({}, { properties: { total: { type: 'number' } } }),
    pointer: '/tools/t/outputSchema/properties/total',
  },
  'output-required-added': {
    pair: output({ properties: { total: {} } }, { properties: { total: {} }, required: ['total'] }),
    pointer: '/tools/t/outputSchema/required',
  },
  'output-type-widened': { pair: outProp({ type: 'string' }, { type: ['string', 'null'] }), pointer: '/tools/t/outputSchema/properties/p' },
  'output-type-narrowed': { pair: outProp({ type: 'number' }, { type: 'integer' }), pointer: '/tools/t/outputSchema/properties/p' },
  'output-enum-widened': {
    pair: outProp({ type: 'string', enum: ['open', 'closed'] }, { type: 'string', enum: ['open', 'closed', 'merged'] }),
    pointer: '/tools/t/outputSchema/properties/p',
  },
  'output-enum-narrowed': {
    pair: outProp({ type: 'string', enum: ['open', 'closed'] }, { type: 'string', enum: ['open'] }),
    pointer: '/tools/t/outputSchema/properties/p',
  },
  'output-constraint-loosened': {
    pair: outProp({ type: 'string', format: 'date-time' }, { type: 'string' }),
    pointer: '/tools/t/outputSchema/properties/p/format',
  },
  'output-constraint-tightened': {
    pair: outProp({ type: 'array' }, { type: 'array', maxItems: 10 }),
    pointer: '/tools/t/outputSchema/properties/p/maxItems',
  },
  'output-variant-added': {
    pair: outProp({ oneOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }, { type: 'number' }] }),
    pointer: '/tools/t/outputSchema/properties/p/oneOf/1',
  },
  'output-variant-removed': {
    pair: outProp({ oneOf: [{ type: 'string' }, { type: 'number' }] }, { oneOf: [{ type: 'string' }] }),
    pointer: '/tools/t/outputSchema/properties/p/oneOf/1',
  },
  'pattern-changed': {
    pair: inProp({ type: 'string', pattern: '^[a-z]+$' }, { type: 'string', pattern: '^[a-z0-9]+$' }),
    pointer: '/tools/t/inputSchema/properties/p/pattern',
  },
  'schema-not-compared': {
    pair: inProp({ $ref: '#/$defs/Missing' }, { $ref: 'https://example.com/schema.json' }),
    pointer: '/tools/t/inputSchema/properties/p',
  },
};

/** The rows of the rules table in docs/contracts.md: `| \`id\` | severity | when |`. */
function docsRows(): { id: string; severity: string; when: string }[] {
  const text = readFileSync(new URL('../../../docs/contracts.md', import.meta.url), 'utf8');
  return [...text.matchAll(/^\| `([a-z-]+)` \| (\w+) \| (.+) \|$/gm)].map(([, id, severity, when]) => ({
    id: id!,
    severity: severity!,
    when: when!,
  }));
}

describe('the contract rules', () => {
  it('docs/contracts.md lists every rule, in order, with its severity and when it applies', () => {
    expect(docsRows()).toEqual(Object.entries(CONTRACT_RULES).map(([id, rule]) => ({ id, severity: rule.severity, when: rule.when })));
  });

  it.each(Object.entries(FIXTURES) as [RuleId, Fixture][])(
    '%s: its fixture pair gets that classification and nothing else',
    (rule, fixture) => {
      const changes = diffContracts(...fixture.pair);
      const mine = changes.filter((c) => c.rule === rule);
      expect(mine, JSON.stringify(changes)).toHaveLength(1);
      expect(mine[0]).toMatchObject({ severity: CONTRACT_RULES[rule].severity, pointer: fixture.pointer });
      expect(mine[0]!.sentence).toMatch(/^[A-Z].*\.$/);
      expect(new Set(changes.map((c) => c.rule))).toEqual(new Set([rule, ...(fixture.also ?? [])]));
      // The same pair the other way round is never silent.
      expect(diffContracts(fixture.pair[1], fixture.pair[0]).length).toBeGreaterThan(0);
    },
  );

  it('a snapshot compared with itself has no changes', () => {
    for (const { pair } of Object.values(FIXTURES)) for (const side of pair) expect(diffContracts(side, side)).toEqual([]);
  });
});
