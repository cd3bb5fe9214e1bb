import { describe, expect, it } from 'vitest';
import { boundJson } from './bounds.ts';
import { draftOf, draftText, parseDraft } from './resend.ts';

describe('the draft of a logged request', () => {
  it('keeps method and params, and leaves out what the engine assigns', () => {
    const logged = {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: {
        name: 'echo',
        arguments: { message: 'hi' },
        _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', progressToken: 7, 'example.com/trace': 'kept' },
      },
    };
    expect(draftOf(logged)).toEqual({
      method: 'tools/call',
      params: { name: 'echo', arguments: { message: 'hi' }, _meta: { 'example.com/trace': 'kept' } },
    });
    expect(draftOf({ jsonrpc: '2.0', id: 1, method: 'ping' })).toEqual({ method: 'ping' });
    expect(draftOf({ jsonrpc: '2.0', id: 1, method: 'x', params: { _meta: { progressToken: 1 } } })).toEqual({ method: 'x', params: {} });
    expect(draftOf({ jsonrpc: '2.0', id: 1, result: {} })).toBeUndefined();
  });

  it('reads back what the editor shows', () => {
    const draft = { method: 'tools/call', params: { name: 'echo', arguments: {} } };
    expect(parseDraft(draftText(draft))).toEqual({ ok: true, draft });
  });
});

describe('what the editor accepts', () => {
  const problem = (text: string) => {
    const parsed = parseDraft(text);
    return parsed.ok ? undefined : parsed.problem;
  };

  it('says in words what is wrong', () => {
    expect(problem('{"method": ')).toMatch(/^This is not valid JSON: /);
    expect(problem('[1]')).toMatch(/one JSON object/);
    expect(problem('{"params": {}}')).toMatch(/"method" must be a string/);
    expect(problem('{"method": "tools/list", "params": "x"}')).toMatch(/"params" must be an object/);
    expect(problem('{"method": "tools/list", "result": {}}')).toMatch(/Unknown field "result"/);
  });

  it('ignores a pasted id and jsonrpc, which the engine assigns', () => {
    expect(parseDraft('{"jsonrpc": "2.0", "id": 3, "method": "tools/list"}')).toEqual({ ok: true, draft: { method: 'tools/list' } });
  });

  it('refuses what the engine owns, a mask and a value the log cut', () => {
    expect(problem('{"method": "initialize", "params": {}}')).toMatch(/Connect/);
    expect(problem('{"method": "notifications/roots/list_changed"}')).toMatch(/not a request/);
    expect(problem('{"method": "elicitation/create"}')).toMatch(/server sends to a client/);
    expect(problem('{"method": "tools/call", "params": {"arguments": {"token": "•••• (40 chars)"}}}')).toMatch(/mask/);
    const cut = boundJson({ text: 'x'.repeat(300_000) });
    expect(problem(JSON.stringify({ method: 'tools/call', params: { arguments: cut } }))).toMatch(/kept only part of it/);
  });
});
