import { describe, expect, it } from 'vitest';
import { createSavedServersStore, MAX_SAVED_SERVERS, recentFirst, type ServerDraft } from './saved-servers-store.ts';
import { blockedStorage, memoryStorage } from '../test/support/test-storage.ts';

const draft = (name: string, extra: Partial<ServerDraft> = {}): ServerDraft => ({
  name,
  url: `https://${name}.example/mcp`,
  transport: 'auto',
  era: 'auto',
  headers: [],
  ...extra,
});

describe('servers store', () => {
  it('saves, renames, duplicates, touches and deletes, and reloads what it saved', () => {
    const storage = memoryStorage();
    const store = createSavedServersStore(storage);
    const { actions } = store.getState();
    const a = actions.add(draft('a', { headers: [{ name: 'Authorization', value: 'kept' }, { name: 'X-Team' }] }));
    const b = actions.add(draft('b', { transport: 'sse', era: 'legacy' }));
    actions.rename(a, '  Alpha  ');
    actions.rename(b, '   ');
    const copy = actions.duplicate(a)!;
    actions.touch(b, 1000);
    expect(store.getState().servers.map((server) => server.name)).toEqual(['Alpha', 'b', 'Alpha (copy)']);
    expect(recentFirst(store.getState().servers).map((server) => server.name)).toEqual(['b', 'Alpha', 'Alpha (copy)']);
    actions.remove(copy);

    const reloaded = createSavedServersStore(storage).getState();
    expect(reloaded.servers).toEqual([
      {
        id: a,
        name: 'Alpha',
        url: 'https://a.example/mcp',
        transport: 'auto',
        era: 'auto',
        headers: [{ name: 'Authorization', value: 'kept' }, { name: 'X-Team' }],
        usedAt: 0,
      },
      { id: b, name: 'b', url: 'https://b.example/mcp', transport: 'sse', era: 'legacy', headers: [], usedAt: 1000 },
    ]);
    // New ids never reuse a stored one.
    expect(reloaded.actions.add(draft('c'))).not.toMatch(new RegExp(`^(${a}|${b})$`));
  });

  it('keeps at most MAX_SAVED_SERVERS, dropping the least recently used', () => {
    const store = createSavedServersStore(memoryStorage());
    const { actions } = store.getState();
    const first = actions.add(draft('first'));
    actions.touch(first, 5);
    for (let i = 0; i < MAX_SAVED_SERVERS; i++) actions.add(draft(`s${i}`));
    const names = store.getState().servers.map((server) => server.name);
    expect(names).toHaveLength(MAX_SAVED_SERVERS);
    expect(names).toContain('first');
    expect(names).not.toContain('s0');
  });

  it('checks what storage holds on load: wrong types, prototype keys, duplicates and oversize values are dropped', () => {
    const stored = [
      {
        id: '1',
        name: 'ok',
        url: 'https://ok.example/mcp',
        transport: 'websocket',
        era: 'future',
        headers: [{ name: 'A', value: 7 }, 'x', { name: '' }],
        usedAt: 'soon',
      },
      { id: '1', name: 'duplicate id', url: 'https://d.example/mcp' },
      { id: 2, name: 'numeric id', url: 'https://n.example/mcp' },
      { id: '3', name: '', url: 'https://blank.example/mcp' },
      JSON.parse('{"__proto__": {"id": "4", "name": "inherited", "url": "https://p.example/mcp"}}'),
      { id: '5', name: 'big', url: `https://b.example/${'a'.repeat(5000)}` },
      null,
    ];
    const store = createSavedServersStore(memoryStorage({ 'mcp-lens.servers': JSON.stringify(stored) }));
    expect(store.getState().servers).toEqual([
      { id: '1', name: 'ok', url: 'https://ok.example/mcp', transport: 'auto', era: 'auto', headers: [{ name: 'A' }], usedAt: 0 },
    ]);
    expect(createSavedServersStore(memoryStorage({ 'mcp-lens.servers': '{"not": "a list"}' })).getState().servers).toEqual([]);
    expect(createSavedServersStore(memoryStorage({ 'mcp-lens.servers': '{broken' })).getState().servers).toEqual([]);
  });

  it('works for the page when storage is blocked', () => {
    const store = createSavedServersStore(blockedStorage);
    store.getState().actions.add(draft('a'));
    expect(store.getState().servers).toHaveLength(1);
  });
});
