import { describe, expect, it } from 'vitest';
import { probedOf } from '../../../test/support/audit-exchanges.ts';
import { judgeInitialize, judgeSessionLifecycle } from './sessions.ts';

const INIT = {
  jsonrpc: '2.0',
  id: 1,
  result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } },
};
const verdicts = (findings: { verdict: string }[]) => findings.map((f) => f.verdict);

describe('judgeInitialize', () => {
  it('passes a whole result, with or without a visible-ASCII session id', () => {
    expect(verdicts(judgeInitialize(probedOf('initialize', 200, { rpc: INIT })))).toEqual(['pass']);
    expect(verdicts(judgeInitialize(probedOf('initialize', 200, { rpc: INIT, headers: { 'mcp-session-id': 'abc-1' } })))).toEqual(['pass']);
  });

  it('fails a session id outside visible ASCII, a missing field, an error, or no answer', () => {
    const spaced = judgeInitialize(probedOf('initialize', 200, { rpc: INIT, headers: { 'mcp-session-id': 'a b' } }));
    expect(spaced).toEqual([expect.objectContaining({ verdict: 'fail', text: expect.stringMatching(/visible ASCII/) })]);
    const noInfo = judgeInitialize(
      probedOf('initialize', 200, { rpc: { ...INIT, result: { protocolVersion: '2025-11-25', capabilities: {} } } }),
    );
    expect(noInfo[0]?.text).toMatch(/serverInfo/);
    expect(verdicts(judgeInitialize(probedOf('initialize', 400, { rpc: { error: { code: -32600, message: 'no' } } })))).toEqual(['fail']);
    expect(judgeInitialize(probedOf('initialize', undefined))[0]?.text).toMatch(/no answer/);
  });
});

describe('judgeSessionLifecycle', () => {
  const init = probedOf('initialize', 200, { rpc: INIT, headers: { 'mcp-session-id': 's1' } });
  const ok = probedOf('initialized', 202);

  it('passes DELETE then 404, and a server that refuses DELETE with 405', () => {
    expect(
      verdicts(judgeSessionLifecycle({ init, initialized: ok, remove: probedOf('end', 200), after: probedOf('after', 404) }).findings),
    ).toEqual(['pass']);
    expect(verdicts(judgeSessionLifecycle({ init, initialized: ok, remove: probedOf('end', 405) }).findings)).toEqual(['pass']);
  });

  it('fails a session that answers after DELETE, and warns on an odd DELETE status', () => {
    const undying = judgeSessionLifecycle({ init, initialized: ok, remove: probedOf('end', 200), after: probedOf('after', 200) });
    expect(undying.findings[0]).toMatchObject({ verdict: 'fail', text: expect.stringMatching(/must answer 404/) });
    expect(verdicts(judgeSessionLifecycle({ init, initialized: ok, remove: probedOf('end', 500) }).findings)).toEqual(['warning']);
    expect(verdicts(judgeSessionLifecycle({ init, initialized: probedOf('initialized', 400) }).findings)).toEqual(['fail']);
  });

  it('does not apply to a server without sessions', () => {
    expect(judgeSessionLifecycle({ init: probedOf('initialize', 200, { rpc: INIT }) }).notApplicable).toMatch(/stateless/);
  });
});
