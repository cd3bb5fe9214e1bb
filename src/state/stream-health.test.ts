/** The connection bar's "stream unstable" state: from the engine's stream-drop events, over time. */
import { describe, expect, it } from 'vitest';
import type { EngineEvent, StreamDrop } from '../shared/events.ts';
import type { ServerSummary } from '../shared/model.ts';
import { createConnectionStore } from './connection-store.ts';
import { streamHealth, streamHealthText, UNSTABLE_WINDOW_MS } from './stream-health.ts';

const summary: ServerSummary = {
  url: 'http://127.0.0.1:3001/mcp',
  transport: 'streamable-http',
  era: 'legacy',
  eraReason: 'Pinned to 2025-11-25 and older.',
  protocolVersion: '2025-11-25',
  sessionId: 's-1',
  server: { name: 'demo', version: '1.0.0', icons: [] },
  capabilities: {},
};
const T0 = 1_700_000_000_000;
const drop = (time: number, extra: { [K in keyof StreamDrop]?: StreamDrop[K] | undefined } = {}): EngineEvent => ({
  type: 'stream-drop',
  drop: { time, reason: `SSE stream disconnected at ${time}`, reconnectInMs: 1000, ...extra } as StreamDrop,
});

function connectedStore() {
  const store = createConnectionStore();
  store.getState().actions.applyEvents([
    { type: 'connection', phase: 'connecting' },
    { type: 'connection', phase: 'connected', summary },
  ]);
  return store;
}

describe('stream health', () => {
  it('turns unstable at the third drop within a minute, and back to plain Connected after a quiet minute', () => {
    const store = connectedStore();
    const health = (now: number) => streamHealth(store.getState().stream, now);
    store.getState().actions.applyEvents([drop(T0), drop(T0 + 2_000)]);
    expect(health(T0 + 2_000)).toEqual({ kind: 'stable' });

    store.getState().actions.applyEvents([drop(T0 + 4_000, { lastEventId: 'e3' })]);
    const unstable = health(T0 + 4_000);
    expect(unstable.kind).toBe('unstable');
    expect(streamHealthText(unstable)).toBe('stream unstable (3 reconnects in the last minute)');
    expect(unstable.kind === 'unstable' && unstable.last).toMatchObject({
      reason: `SSE stream disconnected at ${T0 + 4_000}`,
      lastEventId: 'e3',
    });

    // Still within a minute of the first drop: unstable. A minute after it, two drops remain: stable.
    expect(health(T0 + UNSTABLE_WINDOW_MS - 1).kind).toBe('unstable');
    expect(health(T0 + UNSTABLE_WINDOW_MS)).toEqual({ kind: 'stable' });
    expect(streamHealthText(health(T0 + UNSTABLE_WINDOW_MS + 5_000))).toBe('');
  });

  it('stays stopped once the engine gave up, until the next connection', () => {
    const store = connectedStore();
    store
      .getState()
      .actions.applyEvents([
        drop(T0),
        drop(T0 + 1_000, { stopped: true, reconnectInMs: undefined, reason: 'The server keeps dropping the event stream' }),
      ]);
    const later = streamHealth(store.getState().stream, T0 + 10 * UNSTABLE_WINDOW_MS);
    expect(later.kind).toBe('stopped');
    expect(streamHealthText(later)).toBe('event stream stopped');

    store.getState().actions.applyEvents([
      { type: 'connection', phase: 'connecting' },
      { type: 'connection', phase: 'connected', summary },
    ]);
    expect(streamHealth(store.getState().stream, T0 + 2_000)).toEqual({ kind: 'stable' });
  });

  it('forgets the drops for a new session or a disconnect', () => {
    const store = connectedStore();
    store.getState().actions.applyEvents([drop(T0), drop(T0 + 1), drop(T0 + 2)]);
    expect(store.getState().stream.drops).toHaveLength(3);

    // The session-404 recovery goes straight from one connected session to the next.
    store.getState().actions.applyEvents([{ type: 'connection', phase: 'connected', summary: { ...summary, sessionId: 's-2' } }]);
    expect(store.getState().stream.drops).toHaveLength(0);

    store.getState().actions.applyEvents([drop(T0 + 3)]);
    store.getState().actions.applyEvents([{ type: 'connection', phase: 'disconnected' }]);
    // A drop reported as the session ends is not shown against the next one.
    store.getState().actions.applyEvents([drop(T0 + 4)]);
    expect(store.getState().stream.drops).toHaveLength(0);
  });

  it('keeps a bounded number of drops', () => {
    const store = connectedStore();
    store.getState().actions.applyEvents(Array.from({ length: 500 }, (_, i) => drop(T0 + i)));
    const { drops } = store.getState().stream;
    expect(drops.length).toBeLessThanOrEqual(50);
    expect(drops.at(-1)?.time).toBe(T0 + 499);
    // Only so many are kept, and the count says when there were more.
    expect(streamHealthText(streamHealth(store.getState().stream, T0 + 500))).toBe('stream unstable (50+ reconnects in the last minute)');
  });
});
