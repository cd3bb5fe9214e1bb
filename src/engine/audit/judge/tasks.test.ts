import { describe, expect, it } from 'vitest';
import { probedOf } from '../../../test/support/audit-exchanges.ts';
import { judgeTasksNegotiation } from './tasks.ts';

const refused = (status = 400, data: unknown = { requiredCapabilities: { extensions: { 'io.modelcontextprotocol/tasks': {} } } }) =>
  probedOf('tasks/get without the extension', status, { rpc: { jsonrpc: '2.0', id: 1, error: { code: -32021, message: 'no', data } } });

describe('judgeTasksNegotiation', () => {
  it('passes -32021 with 400 and the missing extension named', () => {
    expect(judgeTasksNegotiation({ extensions: {} }, [refused(), refused()]).map((f) => f.verdict)).toEqual(['pass']);
  });

  it('fails a v1 capabilities.tasks slot, a served request and another code; warns on another status or no data', () => {
    const served = probedOf('tasks/cancel', 200, { rpc: { jsonrpc: '2.0', id: 1, result: {} } });
    const other = probedOf('tasks/update', 400, { rpc: { jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'no' } } });
    const findings = judgeTasksNegotiation({ tasks: {} }, [served, other, refused(200), refused(400, {})]);
    expect(findings.map((f) => f.verdict)).toEqual(['fail', 'fail', 'fail', 'warning', 'warning']);
    expect(findings[2]!.text).toMatch(/^tasks\/update: got HTTP 400 with error -32602/);
  });
});
