import { describe, expect, it } from 'vitest';
import { explainError, explainNetworkFailure, isOpaqueNetworkFailure } from './explain-error.ts';

describe('explainError', () => {
  it('explains HTTP statuses with a body excerpt', () => {
    const error = Object.assign(new Error('Error POSTing to endpoint: boom'), {
      data: { status: 503, statusText: 'Service Unavailable', text: 'upstream down' },
    });
    expect(explainError(error)).toMatchObject({
      code: 'http',
      httpStatus: 503,
      detail: 'upstream down',
      message: expect.stringContaining('HTTP 503'),
    });
  });
  it('tells a 401 apart', () => {
    expect(explainError(Object.assign(new Error('x'), { data: { status: 401 } })).code).toBe('unauthorized');
  });
  it('explains a refused connection seen by Node', () => {
    const error = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    expect(explainError(error)).toMatchObject({ code: 'unreachable', message: expect.stringContaining('refused') });
  });
  it('explains an unsupported protocol version', () => {
    expect(explainError(new Error("Server's protocol version is not supported: 1999-01-01")).code).toBe('unsupported-version');
  });
  it('explains a failed era probe by what failed, not by the SDK wrapper', () => {
    const wrap = (cause: unknown) =>
      Object.assign(new Error(`Version negotiation probe failed: ${String(cause)}`), {
        name: 'SdkError',
        code: 'ERA_NEGOTIATION_FAILED',
        cause,
      });
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' } });
    expect(explainError(wrap(refused))).toMatchObject({ code: 'unreachable' });
    const ours = { code: 'invalid-url', message: 'The authorization endpoint is a javascript: URL; refused.' };
    expect(explainError(wrap(ours))).toEqual(ours);
    // A browser's (or a worker's) CORS refusal: the opaque TypeError the CORS doctor is for.
    expect(isOpaqueNetworkFailure(wrap(new TypeError('Failed to fetch')))).toBe(true);
    expect(isOpaqueNetworkFailure(wrap(refused))).toBe(false);
    expect(isOpaqueNetworkFailure(wrap(ours))).toBe(false);
  });
  it('keeps JSON-RPC error codes', () => {
    expect(explainError(Object.assign(new Error('Unknown tool'), { code: -32602 }))).toMatchObject({ code: 'protocol', rpcCode: -32602 });
  });
});

describe('explainNetworkFailure', () => {
  it('calls it CORS when a no-cors probe reaches the server', async () => {
    const explained = await explainNetworkFailure(
      new TypeError('Failed to fetch'),
      'https://x.example/mcp',
      async () => new Response(null),
    );
    expect(explained.code).toBe('cors');
    expect(explained.corsRequirements?.join(' ')).toContain('Mcp-Session-Id');
    expect(explained.corsRequirements?.join(' ')).toContain('Mcp-Method, Mcp-Name');
  });
  it('calls it unreachable when the probe fails too', async () => {
    const explained = await explainNetworkFailure(new TypeError('Failed to fetch'), 'https://x.example/mcp', async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(explained.code).toBe('unreachable');
  });
});
