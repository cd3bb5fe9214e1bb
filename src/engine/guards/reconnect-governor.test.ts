/** Reconnect pacing on a manual clock: exact delays, no wall-clock windows. */
import { describe, expect, it } from 'vitest';
import type { StreamDrop } from '../../shared/events.ts';
import { resolveLimits, type Limits } from '../../shared/limits.ts';
import { createManualClock } from '../../test/support/clocks.ts';
import { createReconnectGovernor } from './reconnect-governor.ts';

function governed(limits: Partial<Limits> = {}) {
  const clock = createManualClock();
  const drops: Array<Omit<StreamDrop, 'time'>> = [];
  const notes: string[] = [];
  const gaveUp: string[] = [];
  const governor = createReconnectGovernor(resolveLimits(limits), {
    clock,
    note: (_level, text) => notes.push(text),
    onDrop: (drop) => drops.push(drop),
    onGiveUp: (reason) => gaveUp.push(reason),
  });
  let reconnects = 0;
  /** What the SDK does when a stream closes: asks the scheduler, with its own delay and attempt count. */
  const streamClosed = (sdkDelay = 0, attempt = 0) => governor.scheduler(() => reconnects++, sdkDelay, attempt);
  return { clock, governor, drops, notes, gaveUp, streamClosed, reconnects: () => reconnects };
}

describe('reconnect governor', () => {
  it('turns retry: 0 into a floor that doubles while reconnects deliver nothing, then gives up and says so', () => {
    const g = governed({ reconnectFloorMs: 100, maxEmptyReconnects: 4 });
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      g.streamClosed(0);
      const pending = g.clock.pending();
      if (pending.length === 0) break;
      waits.push(pending[0]!);
      g.clock.fireNext();
    }
    // The first close follows a stream that was open (delivered counts as true at the start).
    expect(waits).toEqual([100, 200, 400, 800]);
    expect(g.reconnects()).toBe(4);
    expect(g.governor.stopped).toBe(true);
    expect(g.gaveUp).toHaveLength(1);
    expect(g.drops.at(-1)).toMatchObject({ stopped: true, reason: expect.stringMatching(/4 reconnects in a row delivered nothing/) });
    // Once stopped, the SDK's next request for a reconnect schedules nothing.
    g.streamClosed(0);
    expect(g.clock.pending()).toEqual([]);
  });

  it('caps the back-off at reconnectMaxDelayMs', () => {
    const g = governed({ reconnectFloorMs: 1_000, reconnectMaxDelayMs: 3_000, maxEmptyReconnects: 10 });
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      g.streamClosed(0);
      waits.push(g.clock.fireNext()!);
    }
    expect(waits).toEqual([1_000, 2_000, 3_000, 3_000]);
  });

  it('resets the back-off when a reconnect delivers an event, and keeps the SDK delay when it is above the floor', () => {
    const g = governed({ reconnectFloorMs: 100 });
    g.streamClosed(0);
    g.clock.fireNext();
    g.streamClosed(0);
    expect(g.clock.fireNext()).toBe(200);
    g.governor.delivered('e7');
    g.streamClosed(1_500);
    expect(g.clock.fireNext()).toBe(1_500);
    expect(g.drops.at(-1)).toMatchObject({ lastEventId: 'e7', reconnectInMs: 1_500 });
  });

  it('keeps the pace of SSE polling (priming event, retry advised, clean close) and reports no drop', () => {
    const g = governed({ reconnectFloorMs: 250 });
    g.governor.retryAdvised();
    for (let poll = 1; poll <= 3; poll++) {
      g.governor.delivered(`p${poll}`);
      g.streamClosed(500);
      expect(g.clock.fireNext()).toBe(500);
    }
    expect(g.drops).toEqual([]);
    expect(g.notes).toEqual([]);
  });

  it('honours the floor over a smaller advised retry', () => {
    const g = governed({ reconnectFloorMs: 250 });
    g.governor.retryAdvised();
    g.governor.delivered('p1');
    g.streamClosed(200);
    expect(g.clock.fireNext()).toBe(250);
  });

  it('says how the stream closed: after events, without any, or with the transport error', () => {
    const g = governed({ reconnectFloorMs: 100, maxEmptyReconnects: 2 });
    g.streamClosed(1_000);
    g.clock.fireNext();
    g.streamClosed(1_000);
    g.clock.fireNext();
    g.streamClosed(1_000);
    expect(g.drops.map((d) => d.reason)).toEqual([
      'The server closed the event stream.',
      'The server closed the event stream without sending any event.',
      expect.stringMatching(/keeps dropping the event stream/),
    ]);
    expect(g.drops.filter((d) => d.stopped)).toHaveLength(1);
    expect(g.drops.at(-1)?.reconnectInMs).toBeUndefined();

    const h = governed();
    h.governor.transportError('SSE stream disconnected: TypeError: terminated');
    h.governor.delivered('e1');
    h.streamClosed(1_000);
    expect(h.drops[0]).toMatchObject({ reason: 'SSE stream disconnected: TypeError: terminated', lastEventId: 'e1' });
  });

  it('stops when the SDK gives up reopening, naming the last reason, and ignores errors that are not about the stream', () => {
    const g = governed();
    g.governor.transportError('Unexpected content type: text/html');
    g.governor.transportError('Failed to reconnect SSE stream: Service Unavailable');
    g.streamClosed(1_000, 1);
    g.clock.fireNext();
    g.governor.transportError('Maximum reconnection attempts (2) exceeded.');
    expect(g.governor.stopped).toBe(true);
    expect(g.drops.map((d) => d.reason)).toEqual([
      'Failed to reconnect SSE stream: Service Unavailable',
      expect.stringMatching(/could not be reopened \(Failed to reconnect SSE stream: Service Unavailable\)/),
    ]);
  });

  it('cancels a scheduled reconnect when the transport asks', () => {
    const g = governed();
    const cancel = g.streamClosed(0);
    cancel();
    expect(g.clock.pending()).toEqual([]);
    expect(g.reconnects()).toBe(0);
  });
});
