import { describe, expect, it } from 'vitest';
import { probedOf } from '../../../test/support/audit-exchanges.ts';
import { judgeHeaderCases, judgeStateless, type StatelessProbes } from './modern-http.ts';

const refused = (code: number, id = 1, status = 400) =>
  probedOf('x', status, { rpc: { jsonrpc: '2.0', id, error: { code, message: 'no' } }, body: { jsonrpc: '2.0', id, method: 'x' } });
const served = (result: Record<string, unknown> = {}) => probedOf('x', 200, { rpc: { jsonrpc: '2.0', id: 1, result } });

describe('judgeHeaderCases', () => {
  it('passes refusals with 400 and -32020 and served accept cases', () => {
    const findings = judgeHeaderCases([
      { expect: 'reject', what: 'mismatch', probed: refused(-32020) },
      { expect: 'accept', what: 'lower case', probed: served() },
    ]);
    expect(findings.map((f) => f.verdict)).toEqual(['pass']);
  });

  it('fails a served mismatch and a refused good request; warns on 400 with another code', () => {
    const findings = judgeHeaderCases([
      { expect: 'reject', what: 'mismatch', probed: served() },
      { expect: 'accept', what: 'lower case', probed: refused(-32020) },
      { expect: 'reject', what: 'missing', probed: refused(-32600) },
    ]);
    expect(findings.map((f) => [f.verdict, f.text.split(':')[0]])).toEqual([
      ['fail', 'mismatch'],
      ['fail', 'lower case'],
      ['warning', 'missing'],
    ]);
  });

  it('fails a refusal with another code when the code is a MUST (Mcp-Param-* headers)', () => {
    const findings = judgeHeaderCases([{ expect: 'reject', what: 'bad Base64', probed: refused(-32602) }], 'fail');
    expect(findings.map((f) => f.verdict)).toEqual(['fail']);
  });
});

describe('judgeStateless', () => {
  const discover = served({
    supportedVersions: ['2026-07-28'],
    capabilities: {},
    _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } },
  });
  const unsupported = probedOf('v999', 400, {
    rpc: { jsonrpc: '2.0', id: 301, error: { code: -32022, message: 'no', data: { supported: ['2026-07-28'], requested: 'v999.0.0' } } },
    body: { jsonrpc: '2.0', id: 301, method: 'server/discover' },
  });
  const good: StatelessProbes = {
    invalidMeta: [refused(-32602, 101)],
    noClientInfo: served(),
    discover,
    unsupported,
    removed: [refused(-32601, 400, 404)],
  };

  it('passes a server that keeps every generic rule', () => {
    expect(judgeStateless(good, 'v999.0.0').map((f) => f.verdict)).toEqual(['pass']);
  });

  it('fails served invalid _meta, a 200 for a removed method, an error under another id, and an unechoed version', () => {
    const findings = judgeStateless(
      {
        ...good,
        invalidMeta: [served()],
        removed: [refused(-32601, 400, 200)],
        unsupported: probedOf('v999', 400, {
          rpc: { jsonrpc: '2.0', id: 7, error: { code: -32022, message: 'no', data: { supported: ['2026-07-28'] } } },
          body: { jsonrpc: '2.0', id: 301, method: 'server/discover' },
        }),
      },
      'v999.0.0',
    );
    expect(findings.map((f) => f.text)).toEqual([
      expect.stringMatching(/must refuse it with HTTP 400 and -32602/),
      expect.stringMatching(/does not echo it/),
      expect.stringMatching(/gets HTTP 404 with -32601/),
      expect.stringMatching(/under id 7, not the request's 301/),
    ]);
  });

  it("warns when server/discover's _meta does not name the server", () => {
    const findings = judgeStateless({ ...good, discover: served({ supportedVersions: ['2026-07-28'], capabilities: {} }) }, 'v999.0.0');
    expect(findings.map((f) => f.verdict)).toEqual(['warning']);
  });
});
