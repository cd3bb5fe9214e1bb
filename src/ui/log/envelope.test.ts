import { describe, expect, it } from 'vitest';
import { errorLineOf, requestMeta, resultMeta, resultTypeOf, resultTypeTone } from './envelope.ts';

const request = {
  jsonrpc: '2.0',
  id: 1,
  method: 'tools/call',
  params: {
    name: 'greet',
    _meta: {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'mcp-lens' },
      progressToken: 1,
    },
  },
};

describe('message envelope', () => {
  it("splits a request's _meta from the rest, naming the envelope keys", () => {
    expect(requestMeta(request)).toEqual({
      meta: request.params._meta,
      envelopeKeys: ['protocolVersion', 'clientInfo'],
      rest: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet' } },
    });
  });

  it("splits a result's _meta, and leaves messages without one alone", () => {
    const response = { jsonrpc: '2.0', id: 1, result: { content: [], _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's' } } } };
    expect(resultMeta(response)).toMatchObject({ envelopeKeys: ['serverInfo'], rest: { result: { content: [] } } });
    expect(requestMeta({ method: 'ping' })).toBeUndefined();
    expect(requestMeta({ params: { _meta: 'text' } })).toBeUndefined();
    expect(requestMeta(null)).toBeUndefined();
    expect(resultMeta({ result: [] })).toBeUndefined();
  });

  it('reads resultType defensively and bounds it', () => {
    expect(resultTypeOf({ result: { resultType: 'complete' } })).toBe('complete');
    expect(resultTypeOf({ result: { resultType: 'x'.repeat(100) } })).toHaveLength(40);
    expect(resultTypeOf({ result: { resultType: 3 } })).toBeUndefined();
    expect(resultTypeOf({ error: {} })).toBeUndefined();
    expect([resultTypeTone('complete'), resultTypeTone('input_required'), resultTypeTone('task'), resultTypeTone('other')]).toEqual([
      'complete',
      'pending',
      'pending',
      'unknown',
    ]);
  });
});

describe('errorLineOf', () => {
  it("puts an error's code and message on one line, bounded, and gives nothing for a message without one", () => {
    expect(errorLineOf({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Bad Request:\n  no session' } })).toBe(
      '-32600 Bad Request: no session',
    );
    expect(errorLineOf({ error: { message: 'x'.repeat(500) } })).toHaveLength(200);
    expect(errorLineOf({ error: { code: 'not a number' } })).toBeUndefined();
    expect(errorLineOf({ result: {} })).toBeUndefined();
    expect(errorLineOf('not json-rpc')).toBeUndefined();
  });
});
