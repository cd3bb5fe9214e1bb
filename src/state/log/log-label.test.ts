import { describe, expect, it } from 'vitest';
import type { EngineEvent, MessageEntry } from '../../shared/events.ts';
import { selectByFacets } from './log-facets.ts';
import { NO_FACETS } from './log-facet-model.ts';
import { exchangeLabel, labelOf, labelText, shortTaskId, targetOf, targetsTask } from './log-label.ts';
import { messageItemId, type LogItem } from './log-item.ts';
import { pollSummary } from './log-polls.ts';
import { createLogStore } from './log-store.ts';
import { shownLog } from './log-view.ts';

let seq = 0;
function entry(partial: Partial<MessageEntry>): EngineEvent {
  seq += 1;
  return { type: 'message', entry: { seq, time: 1_700_000_000_000 + seq, direction: 'out', kind: 'request', ...partial } as MessageEntry };
}
const request = (method: string, params: Record<string, unknown>, rpcId: number) =>
  entry({ method, rpcId, message: { jsonrpc: '2.0', id: rpcId, method, params } });
const answer = (requestSeq: number, rpcId: number, result: unknown) =>
  entry({ direction: 'in', kind: 'response', rpcId, requestSeq, message: { jsonrpc: '2.0', id: rpcId, result } });

describe('log labels', () => {
  it('names what a request acts on', () => {
    expect(targetOf('tools/call', { params: { name: 'echo' } })).toBe('echo');
    expect(targetOf('resources/read', { params: { uri: 'demo://docs/readme' } })).toBe('demo://docs/readme');
    expect(targetOf('prompts/get', { params: { name: 'greet' } })).toBe('greet');
    expect(targetOf('tasks/get', { params: { taskId: 't-1' } })).toBe('t-1');
    expect(targetOf('completion/complete', { params: { ref: { type: 'ref/prompt', name: 'greet' } } })).toBe('greet');
    expect(targetOf('tools/list', { params: {} })).toBeUndefined();
    // Server text of any shape: a name that is not a string names nothing; a long one is bounded.
    expect(targetOf('tools/call', { params: { name: { evil: true } } })).toBeUndefined();
    expect(targetOf('tools/call', { params: { name: 'x'.repeat(500) } })).toHaveLength(120);
    expect(targetOf('__proto__', { params: {} })).toBeUndefined();
  });

  it("gives a response its request's method and target, and the filters match them", () => {
    const store = createLogStore();
    const call = request('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 7);
    const callSeq = (call as { entry: MessageEntry }).entry.seq;
    store.getState().actions.appendEvents([call, answer(callSeq, 7, { content: [{ type: 'text', text: 'hi' }] })]);
    const { ids, byId } = store.getState();
    const response = byId.get(ids.at(1)!);
    expect(labelText(labelOf(byId, response))).toBe('tools/call · echo');

    const log = store.getState();
    expect(shownLog(log, 'echo', NO_FACETS).shown.count).toBe(2);
    expect(selectByFacets(log.ids, log.byId, { ...NO_FACETS, method: 'echo' })).toEqual([ids.at(0), ids.at(1)]);
    expect(selectByFacets(log.ids, log.byId, { ...NO_FACETS, method: 'prompts/get' })).toEqual([]);
  });

  it('shortens a UUID for a row', () => {
    expect(shortTaskId('3f2a1b9c-0000-4000-8000-000000000000')).toBe('3f2a1b9c…');
    expect(shortTaskId('task-7')).toBe('task-7');
  });

  it('knows which methods target a task, a status notification among them, so its row shows the id short too', () => {
    for (const method of ['tasks/get', 'tasks/result', 'tasks/cancel', 'notifications/tasks/status'])
      expect(targetsTask(method)).toBe(true);
    for (const method of ['tools/call', 'tasks/list', 'notifications/progress', '__proto__', undefined])
      expect(targetsTask(method)).toBe(false);
  });
});

describe('task polling folds into one row per task', () => {
  function poll(taskId: string, status: string, rpcId: number): EngineEvent[] {
    const sent = request('tasks/get', { taskId }, rpcId);
    return [sent, answer((sent as { entry: MessageEntry }).entry.seq, rpcId, { taskId, status })];
  }

  it('keeps the first poll as the row, counts the polls and says the last status', () => {
    const store = createLogStore();
    const { appendEvents } = store.getState().actions;
    appendEvents([request('tools/call', { name: 'slow', task: {} }, 1)]);
    for (let n = 0; n < 37; n += 1) appendEvents(poll('task-a', n === 36 ? 'completed' : 'working', 100 + n));
    appendEvents(poll('task-b', 'working', 500));
    const state = store.getState();
    expect(state.ids).toHaveLength(1 + 74 + 2);
    const folding = { rowIds: state.rowIds, polls: state.polls, expandedPolls: state.expandedPolls };
    const { shown } = shownLog(state, '', NO_FACETS, null, folding);
    expect(shown.count).toBe(3);
    const head = shown.idAt(1)!;
    expect(pollSummary(state.polls.groups.get(head)!)).toBe('×37, last: completed');
    expect(state.polls.groups.get(shown.idAt(2)!)).toMatchObject({ taskId: 'task-b', polls: 1, folded: 1 });

    // Expanded, the group's members show in their places; exports (no folding) always hold them all.
    store.getState().actions.togglePolls(head);
    const open = store.getState();
    expect(shownLog(open, '', NO_FACETS, null, { ...folding, expandedPolls: open.expandedPolls }).shown.count).toBe(1 + 74 + 1);
    expect(shownLog(state, '', NO_FACETS).shown.count).toBe(77);
  });

  it('shows the row of a group whose folded answer alone matches a filter, once', () => {
    const store = createLogStore();
    for (let n = 0; n < 5; n += 1) store.getState().actions.appendEvents(poll('task-c', n < 4 ? 'working' : 'input_required', 10 + n));
    const state = store.getState();
    const { shown } = shownLog(state, 'input_required', NO_FACETS, null, state);
    expect(shown.count).toBe(1);
    expect(shown.idAt(0)).toBe(state.ids.at(0));
  });

  it('ends a group whose first poll is evicted; the next poll starts a new one', () => {
    const store = createLogStore({ retention: 4 });
    const { appendEvents } = store.getState().actions;
    appendEvents(poll('task-d', 'working', 1));
    appendEvents(poll('task-d', 'working', 2));
    appendEvents(poll('task-d', 'working', 3));
    const state = store.getState();
    expect(state.evicted).toBe(2);
    expect(state.polls.groups.size).toBe(0);
    expect(state.rowIds).toHaveLength(0);
    appendEvents(poll('task-d', 'completed', 4));
    expect(store.getState().polls.groups.size).toBe(1);
    expect(store.getState().rowIds).toHaveLength(1);
  });

  it('names what an HTTP exchange carried: the message it sent, else the first it brought in', () => {
    const store = createLogStore();
    const call = request('tools/call', { name: 'long-running-task', arguments: {} }, 3);
    const callSeq = (call as { entry: MessageEntry }).entry.seq;
    const progress = entry({ direction: 'in', kind: 'notification', method: 'notifications/progress', message: {} });
    const progressSeq = (progress as { entry: MessageEntry }).entry.seq;
    const done = answer(callSeq, 3, { content: [] });
    const doneSeq = (done as { entry: MessageEntry }).entry.seq;
    store.getState().actions.appendEvents([call, progress, done]);
    const { byId } = store.getState();
    // A 2025-era POST whose answer came as a stream: the request names it, not what came back.
    expect(exchangeLabel(byId, [callSeq, progressSeq, doneSeq])).toBe('tools/call · long-running-task');
    // A GET stream carries only what the server sent.
    expect(exchangeLabel(byId, [progressSeq])).toBe('notifications/progress');
    // A response alone names its request's method; nothing carried, or nothing kept, names nothing.
    expect(exchangeLabel(byId, [doneSeq])).toBe('tools/call · long-running-task');
    expect(exchangeLabel(byId, undefined)).toBe('');
    expect(exchangeLabel(byId, [9_999])).toBe('');
  });

  it('reads a streamed exchange once however often it is asked, and follows the evictions in order', () => {
    class CountingMap extends Map<string, LogItem> {
      reads = 0;
      override get(key: string) {
        this.reads += 1;
        return super.get(key);
      }
    }
    const byId = new CountingMap();
    const carried: number[] = [];
    const add = (event: EngineEvent) => {
      const { entry: added } = event as { entry: MessageEntry };
      byId.set(messageItemId(added.seq), { id: messageItemId(added.seq), type: 'message', entry: added });
      carried.push(added.seq);
    };
    const note = () => entry({ direction: 'in', kind: 'notification', method: 'notifications/message', message: {} });
    add(request('tools/call', { name: 'flood', arguments: {} }, 9));
    for (let count = 0; count < 5_000; count += 1) add(note());
    const askMany = () => {
      const before = byId.reads;
      const labels = new Set(Array.from({ length: 100 }, () => exchangeLabel(byId, carried)));
      return { labels: [...labels], reads: byId.reads - before };
    };
    expect(askMany()).toEqual({ labels: ['tools/call · flood'], reads: 200 });

    // The request and 2,000 notifications evicted (oldest first): the first kept message names it, found in one pass.
    for (const seq of carried.slice(0, 2_001)) byId.delete(messageItemId(seq));
    const afterEviction = askMany();
    expect(afterEviction.labels).toEqual(['notifications/message']);
    expect(afterEviction.reads).toBeLessThan(5_001 + 2 * 100 + 100);
    // More streamed in: only the new messages are read.
    for (let count = 0; count < 1_000; count += 1) add(note());
    expect(askMany().reads).toBeLessThan(1_000 + 2 * 100 + 100);

    // Everything evicted: nothing named, and asking again costs nothing more.
    for (const seq of carried) byId.delete(messageItemId(seq));
    expect(exchangeLabel(byId, carried)).toBe('');
    expect(askMany()).toEqual({ labels: [''], reads: 0 });

    // A replaced log (a new index) is read from the start.
    const first = { ...(request('tools/call', { name: 'again' }, 10) as { entry: MessageEntry }).entry, seq: carried[0]! };
    const reopened = new Map<string, LogItem>([
      [messageItemId(first.seq), { id: messageItemId(first.seq), type: 'message', entry: first }],
    ]);
    expect(exchangeLabel(reopened, carried)).toBe('tools/call · again');
  });
});
