import { describe, expect, it } from 'vitest';
import { readEraFacts, sessionText } from './era-facts.ts';

describe('era facts', () => {
  it('reads a modern summary', () => {
    const facts = readEraFacts({
      era: 'modern',
      eraReason: 'server/discover answered with 2026-07-28.',
      protocolVersion: '2026-07-28',
      supportedVersions: ['2026-07-28', 42],
      discover: { supportedVersions: ['2026-07-28'] },
    });
    expect(facts).toEqual({
      era: 'modern',
      badge: '2026-07-28 (stateless)',
      reason: 'server/discover answered with 2026-07-28.',
      protocolVersion: '2026-07-28',
      supportedVersions: ['2026-07-28'],
      versionCount: 1,
      discover: { supportedVersions: ['2026-07-28'] },
      probeBlocked: false,
    });
  });

  it('reads a summary from an older session file (no era, no reason) as unknown, without throwing', () => {
    expect(readEraFacts({ protocolVersion: '2025-06-18', server: { name: 'old' } })).toEqual({
      era: 'unknown',
      badge: 'era unknown',
      protocolVersion: '2025-06-18',
      supportedVersions: [],
      versionCount: 0,
      probeBlocked: false,
    });
    for (const odd of [
      null,
      undefined,
      'text',
      [],
      { era: 'future', eraReason: 7, supportedVersions: 'x', discover: [1], protocolVersion: 2 },
    ]) {
      expect(readEraFacts(odd)).toMatchObject({ era: 'unknown', protocolVersion: 'unknown', supportedVersions: [] });
    }
  });

  it('offers the CORS doctor only for a 2025 connection whose probe got no response', () => {
    expect(readEraFacts({ era: 'legacy', probeBlocked: true }).probeBlocked).toBe(true);
    expect(readEraFacts({ era: 'modern', probeBlocked: true }).probeBlocked).toBe(false);
    expect(readEraFacts({ era: 'legacy', probeBlocked: 'yes' }).probeBlocked).toBe(false);
  });

  it('says why there is no session', () => {
    expect(sessionText({ era: 'modern' }, undefined).note).toContain('stateless');
    expect(sessionText({ era: 'legacy' }, undefined).note).toBe('none (the server keeps no session)');
    expect(sessionText({ era: 'legacy' }, 'abc')).toEqual({ id: 'abc', note: '' });
  });

  it('does not call a session stateless when CORS may hide its id, or when HTTP+SSE keeps it in the endpoint URL', () => {
    const hidden = sessionText({ era: 'legacy' }, undefined, { transport: 'streamable-http', crossOrigin: true }).note;
    expect(hidden).toContain('Access-Control-Expose-Headers');
    expect(hidden).not.toContain('stateless');
    const sse = sessionText({ era: 'legacy' }, undefined, { transport: 'sse', crossOrigin: true }).note;
    expect(sse).toContain('endpoint URL');
    expect(sse).not.toMatch(/none|stateless/);
  });
});
