import type { IncomingMessage, ServerResponse } from 'node:http';

/** Thrown by {@link readBody} when a request body is larger than allowed. */
export class BodyTooLargeError extends Error {}

/** Reads a request body as UTF-8, refusing more than `maxBytes`. */
export async function readBody(req: IncomingMessage, maxBytes: number): Promise<string> {
  return (await readBodyBytes(req, maxBytes)).toString('utf8');
}

/** Reads a request body's bytes as sent, refusing more than `maxBytes`. */
async function readBodyBytes(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) throw new BodyTooLargeError(`Request body over ${maxBytes} bytes`);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) throw new BodyTooLargeError(`Request body over ${maxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Builds a web-standard Request from a Node request whose body (if any) was
 * already read. `signal` aborts when the client goes away.
 */
export function toWebRequest(
  req: IncomingMessage,
  origin: string,
  body: string | Uint8Array<ArrayBuffer> | undefined,
  signal: AbortSignal,
): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  const hasBody = body !== undefined && req.method !== 'GET' && req.method !== 'HEAD';
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody && { body }),
    signal,
  });
}

/**
 * Streams a web-standard Response into a Node response. SSE bodies are written
 * chunk by chunk as they arrive; if the client disconnects, the body stream is
 * cancelled so the MCP transport can forget it.
 */
/**
 * The most response bytes one exchange may hold in memory waiting for a slow client (Node's buffer). Past
 * it the response is ended rather than grown; with backpressure honoured it is reached only by a chunk
 * this large.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/** Resolves true once `res` can take more, false if it closed first. */
function drained(res: ServerResponse): Promise<boolean> {
  if (res.destroyed) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = done(true);
    const onClose = done(false);
    res.on('drain', onDrain);
    res.on('close', onClose);
  });
}

export async function writeWebResponse(res: ServerResponse, response: Response, extraHeaders: Record<string, string>): Promise<void> {
  const headers: Record<string, string> = { ...extraHeaders };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (response.statusText) res.writeHead(response.status, response.statusText, headers);
  else res.writeHead(response.status, headers);
  if (!response.body) {
    res.end();
    return;
  }
  // Send the headers now: an SSE stream may stay silent for a long time, and
  // the client must not wait for the first event to learn the stream is open.
  res.flushHeaders();
  const reader = response.body.getReader();
  const onClose = () => {
    reader.cancel().catch(() => undefined);
  };
  res.on('close', onClose);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) break;
      // Backpressure: a client that reads slowly (or not at all) stops the reading here, so the upstream
      // stream is paused in turn instead of piling up in memory. At most one chunk waits beyond Node's
      // own high-water mark; a single chunk over the cap ends the response.
      if (value.byteLength > MAX_BUFFERED_BYTES) throw new Error('chunk over the buffer cap');
      if (!res.write(value) && !(await drained(res))) break;
      if (res.writableLength > MAX_BUFFERED_BYTES) break;
    }
  } catch {
    // The stream was cancelled because the client left; nothing more to send.
  } finally {
    res.off('close', onClose);
    res.end();
  }
}
