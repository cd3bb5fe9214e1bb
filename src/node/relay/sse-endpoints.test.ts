import { describe, expect, it } from 'vitest';

import { createSseEndpoints } from './sse-endpoints.ts';

const TARGET = new URL('http://127.0.0.1:9000/sse');

function stream(...chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      // Left open, as a live event stream is: the watcher must stop on its own after the first event.
    },
  });
}

describe('createSseEndpoints', () => {
  it('learns a relative endpoint, even split across chunks, and maps it to the target origin', async () => {
    const endpoints = createSseEndpoints(TARGET);
    await endpoints.watch(stream('event: endp', 'oint\ndata: /messages?sessionId=a b\n\n'));
    expect(endpoints.has('/messages?sessionId=a%20b')).toBe(true);
    expect(endpoints.upstreamFor('/messages?sessionId=a%20b')?.href).toBe('http://127.0.0.1:9000/messages?sessionId=a%20b');
  });

  it('never learns an endpoint on another origin', async () => {
    const endpoints = createSseEndpoints(TARGET);
    await endpoints.watch(stream('event: endpoint\ndata: http://evil.example/messages?sessionId=abc\n\n'));
    await endpoints.watch(stream('event: endpoint\ndata: //evil.example/messages\n\n'));
    expect(endpoints.has('/messages?sessionId=abc')).toBe(false);
    expect(endpoints.has('/messages')).toBe(false);
  });

  it('stops at the first event when it is not an endpoint, so a later one teaches nothing', async () => {
    const endpoints = createSseEndpoints(TARGET);
    await endpoints.watch(stream('event: message\ndata: {}\n\n', 'event: endpoint\ndata: /messages\n\n'));
    expect(endpoints.has('/messages')).toBe(false);
  });

  it('remembers at most 100 endpoints, forgetting the oldest', async () => {
    const endpoints = createSseEndpoints(TARGET);
    for (let i = 0; i <= 100; i++) await endpoints.watch(stream(`event: endpoint\ndata: /m?s=${i}\n\n`));
    expect(endpoints.has('/m?s=0')).toBe(false);
    expect(endpoints.has('/m?s=100')).toBe(true);
  });
});
