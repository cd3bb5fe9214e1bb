import { describe, expect, it } from 'vitest';
import type { EngineEvent, MessageEntry } from '../../shared/events.ts';
import { createLogStore } from './log-store.ts';

const msg = (entry: Partial<MessageEntry> & Pick<MessageEntry, 'seq'>): EngineEvent => ({
  type: 'message',
  entry: { time: entry.seq, direction: 'in', kind: 'request', ...entry },
});

describe('notification timeline', () => {
  it('shows server requests and our answers to them, not our own requests or their responses', () => {
    const store = createLogStore();
    store
      .getState()
      .actions.appendEvents([
        msg({ seq: 1, direction: 'out', kind: 'request', method: 'tools/call', rpcId: 1 }),
        msg({ seq: 2, direction: 'in', kind: 'request', method: 'sampling/createMessage', rpcId: 0 }),
        msg({ seq: 3, direction: 'out', kind: 'error', rpcId: 0, requestSeq: 2 }),
        msg({ seq: 4, direction: 'in', kind: 'response', rpcId: 1, requestSeq: 1 }),
        msg({ seq: 5, direction: 'in', kind: 'notification', method: 'notifications/elicitation/complete' }),
      ]);
    expect(store.getState().notificationIds.toArray()).toEqual(['m2', 'm3', 'm5']);
  });
});
