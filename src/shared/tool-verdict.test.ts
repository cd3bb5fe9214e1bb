import { describe, expect, it } from 'vitest';
import { judgeToolResult, needsSchemaCheck, verdictOf, type SchemaCheck } from './tool-verdict.ts';

/** A stand-in for Ajv: `count` must be a number. */
const check: SchemaCheck = (value) => ({
  errors: typeof (value as { count?: unknown }).count === 'number' ? [] : ['/count must be number'],
  notes: [],
});
const schema = { type: 'object', properties: { count: { type: 'number' } } };
const text = { type: 'text', text: 'hi' };

describe('judgeToolResult', () => {
  it('passes well-formed content, and structuredContent that matches the outputSchema', () => {
    expect(judgeToolResult({ content: [text] }, undefined, check)).toMatchObject({ verdict: 'ok', outputSchemaChecked: false });
    expect(judgeToolResult({ content: [text], structuredContent: { count: 1 } }, schema, check)).toMatchObject({
      verdict: 'ok',
      outputSchemaChecked: true,
      outputSchemaErrors: [],
    });
  });

  it('breaks on structuredContent against its outputSchema, or none at all when one is declared', () => {
    expect(judgeToolResult({ content: [text], structuredContent: { count: 'three' } }, schema, check)).toMatchObject({
      verdict: 'broken',
      outputSchemaErrors: ['/count must be number'],
    });
    expect(judgeToolResult({ content: [text] }, schema, check)).toMatchObject({
      verdict: 'broken',
      outputSchemaErrors: ['The tool declares an outputSchema but returned no structuredContent.'],
    });
  });

  it('breaks on a missing content array and on malformed items, naming each; an unknown type is noted only', () => {
    expect(judgeToolResult({}, undefined, check)).toMatchObject({
      verdict: 'broken',
      contentProblems: ['the result has no "content" array'],
    });
    const judged = judgeToolResult({ content: [text, { type: 'image', data: 'AA==' }, 'x', { type: 'hologram' }] }, undefined, check);
    expect(judged).toMatchObject({
      verdict: 'broken',
      contentProblems: ['content #2 is "image" without "mimeType"', 'content #3 is not an object'],
      unknownContentTypes: ['hologram'],
    });
    // A type named after an Object.prototype member is unknown, not a crash.
    expect(judgeToolResult({ content: [{ type: 'constructor' }] }, undefined, check)).toMatchObject({
      verdict: 'ok',
      unknownContentTypes: ['constructor'],
    });
  });

  it('an isError result is the tool saying it failed: not checked against the outputSchema, unless malformed', () => {
    const never: SchemaCheck = () => {
      throw new Error('not called for an error result');
    };
    expect(judgeToolResult({ content: [text], isError: true }, schema, never)).toMatchObject({
      verdict: 'tool-error',
      outputSchemaChecked: false,
      outputSchemaErrors: [],
    });
    expect(judgeToolResult({ content: [{ type: 'text' }], isError: true }, schema, never).verdict).toBe('broken');
  });

  it('says many problems in twenty lines and a count', () => {
    const judged = judgeToolResult({ content: Array.from({ length: 30 }, () => ({ type: 'text' })) }, undefined, check);
    expect(judged.contentProblems).toHaveLength(21);
    expect(judged.contentProblems.at(-1)).toBe('and 10 more');
  });

  it('needs the schema validator only for a non-error result with structuredContent and a declared schema', () => {
    expect(needsSchemaCheck({ structuredContent: {} }, schema)).toBe(true);
    expect(needsSchemaCheck({ structuredContent: {} }, undefined)).toBe(false);
    expect(needsSchemaCheck({ structuredContent: {}, isError: true }, schema)).toBe(false);
    expect(needsSchemaCheck({}, schema)).toBe(false);
  });
});

describe('verdictOf', () => {
  it('reads a saved result’s parts the way the judge does', () => {
    expect(verdictOf({ isError: false })).toBe('ok');
    expect(verdictOf({ isError: true })).toBe('tool-error');
    expect(verdictOf({ isError: false, outputSchemaErrors: ['x'] })).toBe('broken');
    expect(verdictOf({ isError: true, contentProblems: ['x'] })).toBe('broken');
  });
});
