import { describe, expect, it } from 'vitest';
import { judgeSchema, judgeToolSchemas } from './schema-validity.ts';

const judge = (schema: unknown, role: 'input' | 'output' = 'input', era: 'legacy' | 'modern' = 'legacy') =>
  judgeSchema(schema, 'the schema', role, era).map((f) => `${f.verdict}: ${f.text}`);

describe('judgeSchema', () => {
  it('accepts an object schema of the default dialect, and says nothing about it', () => {
    expect(judge({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } }, required: ['a'] })).toEqual([]);
  });

  it('fails a missing inputSchema, a non-object root, and a schema its meta-schema refuses', () => {
    expect(judge(undefined)).toEqual(['fail: the schema is missing; every tool must have one.']);
    expect(judge({ type: 'string' })[0]).toMatch(/^fail: .*type "string" at its root/);
    expect(judge({ type: 'object', properties: { n: { type: 'strnig' } } })[0]).toMatch(
      /^fail: the schema is not valid JSON Schema: \/properties\/n\/type must be equal to one of the allowed values/,
    );
    expect(judge(null)[0]).toMatch(/^fail: the schema is null, not a JSON Schema object/);
  });

  it('fails a $ref inside the document that resolves to nothing; warns on one to another document, never fetched', () => {
    expect(judge({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } })[0]).toMatch(/^fail: the schema does not compile/);
    expect(judge({ type: 'object', properties: { a: { $ref: 'https://example.com/a.json' } } })[0]).toMatch(
      /^warning: .*refers to "https:\/\/example.com\/a.json", another document/,
    );
  });

  it('notes another json-schema.org dialect and warns on a $schema that names none', () => {
    expect(judge({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' })).toEqual([
      'note: the schema declares JSON Schema draft-04 (checked as draft-07); MCP requires clients to support only 2020-12.',
    ]);
    expect(judge({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' })).toEqual([]);
    expect(judge({ $schema: 'urn:my-dialect', type: 'object' })[0]).toMatch(/^warning: .*names no JSON Schema dialect/);
  });

  it('takes a boolean or non-object outputSchema in 2026-07-28 only', () => {
    expect(judge(true, 'output', 'modern')).toEqual([]);
    expect(judge({ type: 'array', items: { type: 'string' } }, 'output', 'modern')).toEqual([]);
    expect(judge({ type: 'array' }, 'output', 'legacy')[0]).toMatch(/MCP 2025-11-25 wants "type": "object"/);
  });
});

describe('judgeToolSchemas', () => {
  it('checks each input and output schema, naming the tool', () => {
    const { findings, checked } = judgeToolSchemas(
      [
        { name: 'ok', inputSchema: { type: 'object' }, outputSchema: { type: 'object' } },
        { name: 'bad', inputSchema: { type: 'object', required: 'yes' } },
      ],
      'legacy',
    );
    expect(checked).toBe(3);
    expect(findings.map((f) => f.text)).toEqual([
      expect.stringMatching(/^the inputSchema of "bad" is not valid JSON Schema: \/required must be array/),
    ]);
  });
});
