import { createParser } from 'eventsource-parser';

/** At most this many message endpoints are remembered; a server announcing more gets the oldest forgotten. */
const MAX_ENDPOINTS = 100;
/**
 * The copy is read for at most this many bytes looking for the first event. Past it the copy is cancelled:
 * a tee buffers for its slower branch, so a copy read to no end would hold every byte the browser has
 * not read yet (an endless stream with no event in it, to a client that reads slowly).
 */
const MAX_WATCH_BYTES = 64 * 1024;

/**
 * The message endpoints a legacy HTTP+SSE target announced. Such a server names, in the first event of its
 * stream (`event: endpoint`), the URL its client must POST to. The relay forwards to those URLs too, but
 * only to ones the target itself announced, on the target's own origin: the target still decides every
 * address the relay reaches, and a request never does.
 */
export interface SseEndpoints {
  /** Whether the relay serves this request target (`/messages?sessionId=…`) besides its own endpoint. */
  has(requestTarget: string): boolean;
  /** Where a served request target goes upstream, or undefined when it was never announced. */
  upstreamFor(requestTarget: string): URL | undefined;
  /** Reads a copy of an event stream from the target and remembers the endpoint it announces; settles when done. */
  watch(stream: ReadableStream<Uint8Array>): Promise<void>;
}

export function createSseEndpoints(target: URL): SseEndpoints {
  const announced = new Map<string, URL>();
  const remember = (data: string) => {
    let url: URL;
    try {
      url = new URL(data, target);
    } catch {
      return;
    }
    if (url.origin !== target.origin) return;
    const requestTarget = `${url.pathname}${url.search}`;
    announced.delete(requestTarget);
    announced.set(requestTarget, url);
    if (announced.size > MAX_ENDPOINTS) announced.delete(announced.keys().next().value!);
  };

  return {
    has: (requestTarget) => announced.has(requestTarget),
    upstreamFor: (requestTarget) => announced.get(requestTarget),
    watch(stream) {
      const reader = stream.getReader();
      const decoder = new TextDecoder();
      let found = false;
      const parser = createParser({
        // A legacy stream's first event is its endpoint; any other first event means this is not one.
        onEvent: (event) => {
          if (event.event === 'endpoint') remember(event.data.trim());
          found = true;
        },
      });
      return (async () => {
        try {
          // After the first event, stop reading, so this copy neither costs time nor holds the stream's bytes.
          let read = 0;
          while (!found && read < MAX_WATCH_BYTES) {
            const { done, value } = await reader.read();
            if (done) return;
            read += value.byteLength;
            parser.feed(decoder.decode(value, { stream: true }));
          }
        } catch {
          // The stream failed; the browser's side of it reports that.
        } finally {
          reader.cancel().catch(() => undefined);
        }
      })();
    },
  };
}
