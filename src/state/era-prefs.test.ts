import { describe, expect, it } from 'vitest';
import { KNOWN_LEGACY_HORIZON_MS } from '../engine/era.ts';
import { createConnectionStore } from './connection-store.ts';
import {
  eraEndpoint,
  KNOWN_LEGACY_SKIPS_PROBE_MS,
  MAX_REMEMBERED_ENDPOINTS,
  rememberEra,
  sanitizeKnownEras,
  verdictOf,
  type KnownEras,
} from './era-prefs.ts';
import { persistEraChoice } from './persist-era.ts';
import { createPrefsStore } from './prefs-store.ts';
import { memoryStorage } from '../test/support/test-storage.ts';

const HOUR = 60 * 60 * 1000;

describe('era preferences', () => {
  it('keys verdicts by endpoint: origin and path, never query or credentials', () => {
    expect(eraEndpoint('https://user:pw@Example.com:443/mcp?key=1#x')).toBe('https://example.com/mcp');
    expect(eraEndpoint('http://127.0.0.1:3001/mcp')).toBe('http://127.0.0.1:3001/mcp');
    expect(eraEndpoint('http://127.0.0.1:3001/other/mcp')).toBe('http://127.0.0.1:3001/other/mcp');
    expect(eraEndpoint('file:///etc/passwd')).toBeUndefined();
    expect(eraEndpoint('not a url')).toBeUndefined();
  });

  it('remembers what Auto found and a working 2026-07-28 pin, never a 2025 pin or an unknown era', () => {
    expect(verdictOf('auto', { era: 'legacy' })).toBe('legacy');
    expect(verdictOf('auto', { era: 'modern' })).toBe('modern');
    expect(verdictOf('modern', { era: 'modern' })).toBe('modern');
    expect(verdictOf('legacy', { era: 'legacy' })).toBeUndefined();
    expect(verdictOf('auto', { era: 'legacy', probeBlocked: true })).toBeUndefined();
    // A summary from an older session file has no era.
    expect(verdictOf('auto', {} as { era: 'legacy' })).toBeUndefined();
  });

  it('keeps at most 50 origins, dropping the oldest, and moves a refreshed origin to the front', () => {
    let known: KnownEras = {};
    for (let i = 0; i < MAX_REMEMBERED_ENDPOINTS + 5; i += 1) known = rememberEra(known, `http://h${i}.example/mcp`, 'modern', 1000 + i);
    expect(Object.keys(known)).toHaveLength(MAX_REMEMBERED_ENDPOINTS);
    expect(known['http://h0.example/mcp']).toBeUndefined();
    expect(known['http://h54.example/mcp']).toEqual({ era: 'modern', at: 1054 });
    known = rememberEra(known, 'http://h5.example/mcp', 'legacy', 2000);
    expect(Object.keys(known)[0]).toBe('http://h5.example/mcp');
    expect(Object.keys(known)).toHaveLength(MAX_REMEMBERED_ENDPOINTS);
  });

  it('keeps the age of a 2025 verdict the engine relied on without probing, and refreshes it once old', () => {
    const origin = 'http://old.example/mcp';
    const first = rememberEra({}, origin, 'legacy', 0);
    expect(rememberEra(first, origin, 'legacy', 2 * HOUR)).toBe(first);
    expect(rememberEra(first, origin, 'legacy', 25 * HOUR)[origin]).toEqual({ era: 'legacy', at: 25 * HOUR });
    expect(rememberEra(first, origin, 'modern', HOUR)[origin]).toEqual({ era: 'modern', at: HOUR });
    // The same horizon as the engine's, or the UI would refresh verdicts the engine did not check.
    expect(KNOWN_LEGACY_SKIPS_PROBE_MS).toBe(KNOWN_LEGACY_HORIZON_MS);
  });

  it('reads stored verdicts strictly', () => {
    expect(
      sanitizeKnownEras({
        'http://a.example/mcp': { era: 'modern', at: 5 },
        'http://a.example/path?q=1': { era: 'modern', at: 6 },
        // Kept per origin by an older MCP Lens: it may have come from another path, so it is forgotten.
        'http://a.example': { era: 'legacy', at: 7 },
        'http://b.example/mcp': { era: 'future', at: 1 },
        'http://c.example/mcp': { era: 'legacy' },
      }),
    ).toEqual({
      'http://a.example/mcp': { era: 'modern', at: 5 },
    });
    expect(sanitizeKnownEras([1, 2])).toEqual({});
    expect(sanitizeKnownEras(null)).toEqual({});
  });

  it('persists the era setting and the verdicts, and restores them after a reload', () => {
    const storage = memoryStorage({});
    const prefs = createPrefsStore(storage);
    const connection = createConnectionStore();
    persistEraChoice(connection, prefs);
    expect(connection.getState().input.era).toBe('auto');
    connection.getState().actions.setEra('legacy');
    prefs.getState().actions.rememberEra('http://127.0.0.1:1/mcp', 'modern', 42);
    const reloaded = createPrefsStore(storage);
    expect(reloaded.getState()).toMatchObject({ era: 'legacy', knownEras: { 'http://127.0.0.1:1/mcp': { era: 'modern', at: 42 } } });
    const nextPage = createConnectionStore();
    persistEraChoice(nextPage, reloaded);
    expect(nextPage.getState().input.era).toBe('legacy');
  });

  it('ignores a stored era setting it does not know', () => {
    expect(
      createPrefsStore(memoryStorage({ 'mcp-lens.era': '{"choice":"2030"}', 'mcp-lens.known-eras': '{oops' })).getState(),
    ).toMatchObject({ era: 'auto', knownEras: {} });
  });
});
