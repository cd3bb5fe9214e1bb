import { describe, expect, it } from 'vitest';
import { statusTone } from './status-tone.ts';

const exchange = (method: string, status: number | undefined, body?: string, headers: Array<[string, string]> = []) => ({
  method,
  ...(status !== undefined && { status }),
  requestHeaders: headers,
  ...(body !== undefined && { requestBody: { text: body, size: body.length } }),
});

describe('statusTone', () => {
  it('keeps normal protocol answers out of red: OAuth 401, 405 to the optional GET stream, Auto’s refused probe and initialize', () => {
    expect(statusTone(exchange('POST', 401)).tone).toBe('expected');
    expect(statusTone(exchange('GET', 405)).tone).toBe('expected');
    expect(statusTone(exchange('DELETE', 405)).tone).toBe('expected');
    expect(statusTone(exchange('POST', 404, '{"jsonrpc":"2.0","id":0,"method":"server/discover"}')).tone).toBe('expected');
    expect(statusTone(exchange('POST', 404, undefined, [['Mcp-Method', 'server/discover']])).tone).toBe('expected');
    expect(statusTone(exchange('POST', 405, '{"jsonrpc":"2.0","id":0,"method":"initialize"}')).tone).toBe('expected');
  });

  it('keeps real faults red', () => {
    expect(statusTone(exchange('POST', 404, '{"jsonrpc":"2.0","id":3,"method":"tools/call"}')).tone).toBe('failed');
    expect(statusTone(exchange('POST', 500, '{"jsonrpc":"2.0","id":0,"method":"initialize"}')).tone).toBe('failed');
    expect(statusTone(exchange('GET', 404)).tone).toBe('failed');
    expect(statusTone({ ...exchange('POST', undefined), error: 'Failed to fetch' }).tone).toBe('failed');
    expect(statusTone(exchange('POST', 200)).tone).toBe('ok');
  });
});
