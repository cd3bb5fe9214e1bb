import { describe, expect, it } from 'vitest';
import { createCallHistoryStore, MAX_CALLS_PER_SERVER, MAX_HISTORY_SERVERS } from './call-history-store.ts';

describe('call history', () => {
  const call = { time: 1, durationMs: 5, tool: 'echo', arguments: {} };

  it('is kept per server, bounded per server and in servers, dropping the least recently used', () => {
    const store = createCallHistoryStore();
    const { record } = store.getState().actions;
    for (let index = 0; index < MAX_CALLS_PER_SERVER + 2; index += 1) record('https://a.test', { ...call, time: index });
    expect(store.getState().byServer.get('https://a.test')).toHaveLength(MAX_CALLS_PER_SERVER);
    for (let index = 0; index < MAX_HISTORY_SERVERS; index += 1) record(`https://s${index}.test`, call);
    expect(store.getState().byServer.size).toBe(MAX_HISTORY_SERVERS);
    expect(store.getState().byServer.has('https://a.test')).toBe(false);
    store.getState().actions.clear('https://s0.test');
    expect(store.getState().byServer.has('https://s0.test')).toBe(false);
  });
});
