/**
 * The idle timeout of both readers (a JSON body, an event stream) on a manual clock: it trips after exactly
 * `idleTimeoutMs` of silence, every chunk re-arms it, and what arrived before it tripped is kept.
 */
import { describe, expect, it } from 'vitest';
import type { MessageEntry } from '../../shared/events.ts';
import { resolveLimits } from '../../shared/limits.ts';
import { createManualClock } from '../../test/support/clocks.ts';
import { createMessageRecorder } from '../wire/message-recorder.ts';
import { sseTap } from '../wire/sse-tap.ts';
import { readBounded, type StreamFault } from './stream-guard.ts';

const limits = resolveLimits({ idleTimeoutMs: 5_000 });
const bytes = (text: string) => new TextEncoder().encode(text);

/** A body the test writes to, chunk by chunk. */
function body() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  return { stream, write: (text: string) => controller.enqueue(bytes(text)), end: () => controller.close() };
}

/** Lets the stream machinery run its queued promise jobs. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('readBounded idle timeout', () => {
  it('trips after idleTimeoutMs of silence, re-armed by each chunk, and hands over what arrived', async () => {
    const clock = createManualClock();
    const { stream, write } = body();
    let partial: string | undefined;
    const reading = readBounded(stream, limits, clock, (text) => (partial = text));
    const outcome = reading.then(
      () => 'read',
      (fault: StreamFault) => fault.engineError,
    );
    write('{"jsonrpc":');
    await settle();
    clock.advance(4_999);
    await settle();
    write('"2.0"');
    await settle();
    clock.advance(4_999);
    await settle();
    expect(partial).toBeUndefined();
    clock.advance(1);
    expect(await outcome).toMatchObject({
      code: 'timeout',
      message: expect.stringMatching(/silent for 5 s in the middle of a response body/),
    });
    expect(partial).toBe('{"jsonrpc":"2.0"');
    expect(clock.pending()).toEqual([]);
  });

  it('leaves no timer behind once the body is read', async () => {
    const clock = createManualClock();
    const { stream, write, end } = body();
    const reading = readBounded(stream, limits, clock, () => undefined);
    write('{}');
    end();
    await expect(reading).resolves.toEqual({ text: '{}' });
    expect(clock.pending()).toEqual([]);
  });
});

function tapped(idleTimeout: boolean) {
  const clock = createManualClock();
  const entries: MessageEntry[] = [];
  const faults: StreamFault[] = [];
  let seq = 0;
  const recorder = createMessageRecorder({ now: clock.now, nextSeq: () => ++seq, emit: (entry) => entries.push(entry) });
  const tap = sseTap({
    recorder,
    limits,
    clock,
    idleTimeout,
    onNote: () => undefined,
    onDelivered: () => undefined,
    onFault: (f) => faults.push(f),
  });
  const { stream, write } = body();
  const reader = stream.pipeThrough(tap).getReader();
  const drained = (async () => {
    for (;;) if ((await reader.read()).done) return 'ended';
  })().catch((error: StreamFault) => error.engineError.code);
  return { clock, entries, faults, write, drained };
}

describe('sseTap idle timeout', () => {
  it('errors a stream that owes a response after idleTimeoutMs without a byte, and logs the cut-off event', async () => {
    const t = tapped(true);
    t.write(`data: ${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/progress', params: {} })}\n\n`);
    await settle();
    t.clock.advance(4_000);
    t.write('data: {"jsonrpc":"2.0","id":1,');
    await settle();
    t.clock.advance(4_999);
    await settle();
    expect(t.faults).toEqual([]);
    t.clock.advance(1);
    expect(await t.drained).toBe('timeout');
    expect(t.faults[0]?.engineError.message).toMatch(/silent for 5 s in the middle of an event stream/);
    expect(t.entries.map((e) => e.kind)).toEqual(['notification', 'invalid']);
    expect(t.clock.pending()).toEqual([]);
  });

  it('never times out the standalone GET stream, which may rightly stay silent', async () => {
    const t = tapped(false);
    t.write(': keep-alive\n\n');
    await settle();
    expect(t.clock.pending()).toEqual([]);
    t.clock.advance(24 * 3_600_000);
    await settle();
    expect(t.faults).toEqual([]);
  });
});
