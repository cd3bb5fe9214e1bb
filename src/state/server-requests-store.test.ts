import { describe, expect, it } from 'vitest';
import type { PendingServerRequest } from '../shared/client-features.ts';
import { createClientFeaturesStore } from './client-features-store.ts';
import { createServerRequestsStore } from './server-requests-store.ts';

const req = (id: string, kind: PendingServerRequest['kind'] = 'sampling', params: Record<string, unknown> = {}): PendingServerRequest => ({
  id,
  rpcId: id,
  kind,
  method: 'x',
  serverName: 's',
  receivedAt: 0,
  params,
});

describe('server requests store', () => {
  it('queues in order, shows the first, and moves on when one ends', () => {
    const store = createServerRequestsStore();
    const { applyEvents, select } = store.getState().actions;
    applyEvents([
      { type: 'server-request', request: req('a') },
      { type: 'server-request', request: req('b') },
    ]);
    expect(store.getState().pending.map((r) => r.id)).toEqual(['a', 'b']);
    expect(store.getState().activeId).toBe('a');
    select('b');
    applyEvents([
      {
        type: 'server-request-ended',
        id: 'b',
        reason: 'cancelled',
        text: 'Sampling request b is no longer pending: the server cancelled it.',
      },
    ]);
    expect(store.getState()).toMatchObject({ activeId: 'a', notice: expect.stringContaining('cancelled') });
    applyEvents([{ type: 'server-request-ended', id: 'a', reason: 'answered', text: 'answered' }]);
    expect(store.getState()).toMatchObject({ pending: [], activeId: null });
  });

  it('marks only tracked URL elicitations complete', () => {
    const store = createServerRequestsStore();
    const { applyEvents, track } = store.getState().actions;
    applyEvents([{ type: 'server-request', request: req('u', 'elicitation-url', { elicitationId: 'e1' }) }]);
    track(['e2']);
    applyEvents([
      { type: 'elicitation-complete', elicitationId: 'e1' },
      { type: 'elicitation-complete', elicitationId: 'e2' },
      { type: 'elicitation-complete', elicitationId: 'unknown' },
    ]);
    expect(store.getState().urlElicitations).toEqual({ e1: 'complete', e2: 'complete' });
  });
});

describe('client features store', () => {
  it('keeps sampling tools tied to sampling', () => {
    const store = createClientFeaturesStore();
    store.getState().actions.setSetting('sampling', false);
    expect(store.getState().settings).toMatchObject({ sampling: false, samplingTools: false });
    store.getState().actions.setSetting('samplingTools', true);
    expect(store.getState().settings).toMatchObject({ sampling: true, samplingTools: true });
  });
});
