import { describe, expect, it } from 'vitest';
import type { EngineEvent, MessageEntry } from '../../shared/events.ts';
import { filterLog } from './log-filter.ts';
import { NO_FACETS, facetsActive, selectByFacets } from './log-facets.ts';
import { createLogStore, MAX_PINS } from './log-store.ts';

let seq = 0;
function message(partial: Partial<MessageEntry>): EngineEvent {
  seq += 1;
  return { type: 'message', entry: { seq, time: 1_700_000_000_000 + seq, direction: 'out', kind: 'request', ...partial } };
}

function filledStore() {
  const store = createLogStore();
  const callSeq = seq + 1;
  store
    .getState()
    .actions.appendEvents([
      message({ method: 'tools/call', rpcId: 1, message: { params: { name: 'echo' } } }),
      message({ direction: 'in', kind: 'response', rpcId: 1, requestSeq: callSeq, message: { result: { content: [] } } }),
      message({ method: 'tools/list', rpcId: 2 }),
      message({ direction: 'in', kind: 'error', rpcId: 2, requestSeq: callSeq + 2 }),
      message({ direction: 'in', kind: 'notification', method: 'notifications/message' }),
      message({ direction: 'in', kind: 'invalid', raw: '{oops' }),
      { type: 'note', time: 1, level: 'info', text: 'Connected' },
    ]);
  return store;
}

const describeIds = (store: ReturnType<typeof createLogStore>, ids: string[]) =>
  ids.map((id) => {
    const item = store.getState().byId.get(id)!;
    return item.type === 'note' ? 'note' : `${item.entry.direction} ${item.entry.kind}`;
  });

describe('log facets', () => {
  it('filter by direction, kind and method, together', () => {
    const store = filledStore();
    const { ids, byId } = store.getState();
    const select = (facets: Partial<typeof NO_FACETS>) => describeIds(store, selectByFacets(ids, byId, { ...NO_FACETS, ...facets }));
    expect(select({})).toHaveLength(7);
    expect(select({ direction: 'out' })).toEqual(['out request', 'out request']);
    expect(select({ kind: 'error' })).toEqual(['in error', 'in invalid']);
    expect(select({ kind: 'notification', direction: 'out' })).toEqual([]);
    // A response has no method: it is found by the method of the request it answers.
    expect(select({ method: 'TOOLS/CALL' })).toEqual(['out request', 'in response']);
    expect(select({ method: 'tools/', direction: 'in' })).toEqual(['in response', 'in error']);
  });

  it('combine with the text filter', () => {
    const store = filledStore();
    const log = store.getState();
    const text = filterLog(log, 'echo');
    const both = selectByFacets(text.ids, log.byId, { ...NO_FACETS, direction: 'out' });
    expect(describeIds(store, both)).toEqual(['out request']);
    expect(facetsActive(NO_FACETS)).toBe(false);
    expect(facetsActive({ ...NO_FACETS, method: ' ' })).toBe(false);
  });

  it('pins and unpins, bounded, and forgets pins when the log is cleared', () => {
    const store = filledStore();
    const { actions } = store.getState();
    actions.togglePin('m1');
    actions.togglePin('m2');
    actions.togglePin('m1');
    expect(store.getState().pinned).toEqual(['m2']);
    for (let index = 0; index < MAX_PINS + 5; index += 1) actions.togglePin(`x${index}`);
    expect(store.getState().pinned).toHaveLength(MAX_PINS);
    expect(store.getState().pinned.at(-1)).toBe(`x${MAX_PINS + 4}`);
    actions.setFacets({ kind: 'request' });
    actions.setFacets({ direction: 'in' });
    expect(store.getState().facets).toEqual({ direction: 'in', kind: 'request', method: '' });
    actions.clear();
    expect(store.getState().pinned).toEqual([]);
  });
});
