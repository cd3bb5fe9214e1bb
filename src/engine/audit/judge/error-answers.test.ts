import { describe, expect, it } from 'vitest';
import { errorExchange, resultExchange, silentExchange } from '../../../test/support/audit-exchanges.ts';
import { judgeResourceNotFound, judgeUnknownMethod, judgeUnknownTool } from './error-answers.ts';

const verdicts = (findings: { verdict: string }[]) => findings.map((f) => f.verdict);

describe('an unknown method', () => {
  it('passes with -32601 in the 2025 era, whatever the HTTP status', () => {
    expect(verdicts(judgeUnknownMethod(errorExchange('x/y', -32601), 'legacy'))).toEqual(['pass']);
  });

  it('needs HTTP 404 with -32601 in 2026-07-28', () => {
    expect(verdicts(judgeUnknownMethod(errorExchange('x/y', -32601, 'nf', { httpStatus: 404 }), 'modern'))).toEqual(['pass']);
    const [finding] = judgeUnknownMethod(errorExchange('x/y', -32601, 'nf', { httpStatus: 200 }), 'modern');
    expect(finding).toMatchObject({ verdict: 'fail', text: expect.stringMatching(/HTTP 200.*404/) });
  });

  it('fails another code, a result and silence', () => {
    expect(judgeUnknownMethod(errorExchange('x/y', -32600), 'legacy')[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringContaining('-32600'),
    });
    expect(verdicts(judgeUnknownMethod(resultExchange('x/y', {}), 'legacy'))).toEqual(['fail']);
    expect(judgeUnknownMethod(silentExchange('x/y'), 'legacy')[0]?.text).toMatch(/no JSON-RPC answer \(The request timed out\.\)/);
  });
});

describe('an unknown tool', () => {
  it('passes -32602, warns on another code or an isError result, fails a result that reads as a run', () => {
    expect(verdicts(judgeUnknownTool(errorExchange('tools/call', -32602)))).toEqual(['pass']);
    expect(verdicts(judgeUnknownTool(errorExchange('tools/call', -32601)))).toEqual(['warning']);
    expect(verdicts(judgeUnknownTool(resultExchange('tools/call', { content: [], isError: true })))).toEqual(['warning']);
    expect(verdicts(judgeUnknownTool(resultExchange('tools/call', { content: [{ type: 'text', text: 'ok' }] })))).toEqual(['fail']);
  });
});

describe('a missing resource', () => {
  const uri = 'mcp-lens-audit://no-such-resource';

  it('2026-07-28: -32602 naming the uri passes; without the uri warns; -32002 or an empty contents fails', () => {
    expect(verdicts(judgeResourceNotFound(errorExchange('resources/read', -32602, 'nf', { data: { uri } }), uri, 'modern'))).toEqual([
      'pass',
    ]);
    expect(verdicts(judgeResourceNotFound(errorExchange('resources/read', -32602), uri, 'modern'))).toEqual(['warning']);
    expect(judgeResourceNotFound(errorExchange('resources/read', -32002), uri, 'modern')[0]?.text).toMatch(/the 2025 code/);
    expect(judgeResourceNotFound(resultExchange('resources/read', { contents: [] }), uri, 'modern')[0]).toMatchObject({
      verdict: 'fail',
      text: expect.stringMatching(/empty contents/),
    });
  });

  it('2025: -32002 and -32602 both pass; a result or another code warns', () => {
    expect(verdicts(judgeResourceNotFound(errorExchange('resources/read', -32002), uri, 'legacy'))).toEqual(['pass']);
    expect(verdicts(judgeResourceNotFound(errorExchange('resources/read', -32602), uri, 'legacy'))).toEqual(['pass']);
    expect(verdicts(judgeResourceNotFound(errorExchange('resources/read', -32603), uri, 'legacy'))).toEqual(['warning']);
    expect(verdicts(judgeResourceNotFound(resultExchange('resources/read', { contents: [] }), uri, 'legacy'))).toEqual(['warning']);
  });
});
