import { describe, expect, it } from 'vitest';
import type { ServerSummary } from '../../shared/model.ts';
import type { ConnectionState } from '../../state/index.ts';
import { reconnectPlan, shortUrl } from './reconnect-plan.ts';

const A = 'http://127.0.0.1:3001/mcp';
const B = 'https://mcp.example.com/v2/mcp?api_key=s3cret';
const sent: ConnectionState['input'] = { url: A, headers: [{ name: 'X-Key', value: 'a' }], transport: 'auto', era: 'auto' };
const summary = { url: A } as ServerSummary;

describe('reconnectPlan', () => {
  it('says nothing changed when the bar still holds what the session sent', () => {
    expect(reconnectPlan({ summary, lastSent: sent, input: sent })).toEqual({ from: A, to: A, urlChanged: false, otherChanges: [] });
  });

  it('says the URL changed, from the live one to the bar’s, and what else changed, never a header value', () => {
    const input = { url: B, headers: [{ name: 'X-Key', value: 'b-secret' }], transport: 'sse' as const, era: 'legacy' as const };
    const plan = reconnectPlan({ summary, lastSent: sent, input });
    expect(plan).toMatchObject({ from: A, to: B, urlChanged: true });
    expect(plan.otherChanges).toEqual([
      'The headers changed.',
      'The transport changed from Auto to legacy SSE.',
      'The protocol changed from Auto to 2025 and older.',
    ]);
    expect(JSON.stringify(plan.otherChanges)).not.toContain('b-secret');
  });

  it('names a target on a button by host and path only, so no credential reaches a button', () => {
    expect(shortUrl(B)).toBe('mcp.example.com/v2/mcp');
    expect(shortUrl('http://user:pw@127.0.0.1:3001/')).toBe('127.0.0.1:3001');
  });
});
