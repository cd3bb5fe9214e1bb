import {
  CLIENT_CAPABILITIES_META_KEY,
  CLIENT_INFO_META_KEY,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCResultResponse,
  LOG_LEVEL_META_KEY,
  PROTOCOL_VERSION_META_KEY,
  SUBSCRIPTION_ID_META_KEY,
  type JSONRPCMessage,
  type JSONRPCNotification,
  type JSONRPCRequest,
  type JSONRPCResponse,
} from '@modelcontextprotocol/server';

import { isRecord } from '../../shared/read.ts';
import type { RequestId } from './request-id.ts';

/**
 * 2026-07-28 requests over the one stdio pipe. Each HTTP request is independent and carries its own `_meta`,
 * so two of them (two connections, a re-issued request) may use the same id: each goes to the child under
 * an id of the relay's own, and its answer comes back under the client's. Whatever the child sends for a
 * request before its answer (progress, log messages, a listen stream's notifications) turns that
 * request's HTTP answer into an event stream, as the Streamable HTTP transport does.
 */
export interface ModernExchanges {
  /** Sends one request to the child and resolves with its HTTP answer. */
  send(request: JSONRPCRequest, signal: AbortSignal, options?: ExchangeOptions): Promise<Response>;
  /** Takes a message from the child when it belongs to an open exchange; false when it does not. */
  take(message: JSONRPCMessage): boolean;
  /** Ends every open exchange (the relay is stopping). */
  closeAll(): void;
}

export interface ExchangeOptions {
  /** Sees the child's answer (with the client's id) and may choose its HTTP status. */
  onAnswer?(answer: JSONRPCResponse): number | undefined;
  /** Answers the HTTP request this way if the child has not answered by then; a late answer still reaches `onAnswer`. */
  deadline?: { ms: number; answer(): Response };
}

/** Ids the relay gives requests on the pipe: strings, so none can equal a 2025 session's numeric ids. */
const RELAY_ID_PREFIX = 'lens-relay-';

/** The HTTP status of a JSON-RPC error answer, as the SDK's Streamable HTTP server maps the protocol's own. */
const ERROR_STATUS = new Map([
  [-32700, 400],
  [-32600, 400],
  [-32601, 404],
  [-32020, 400],
  [-32021, 400],
  [-32022, 400],
]);

/** Events queued for a client that does not read are capped: past this the stream is ended, not grown. */
const MAX_QUEUED_BYTES = 4 * 1024 * 1024;
/** A comment line this often keeps a quiet event stream (a listen) open through idle timeouts. */
const KEEP_ALIVE_MS = 15_000;

interface Exchange {
  clientId: RequestId;
  /** The client's progress token, replaced on the pipe by the relay id. */
  progressToken?: unknown;
  /** The request's `_meta`: its envelope goes on the cancellation, if there is one. */
  meta: Record<string, unknown>;
  /** The request asked for log messages (`_meta` logLevel); they ride its stream. */
  wantsLogs: boolean;
  reply: Reply;
  options: ExchangeOptions;
}

export function createModernExchanges(toChild: (message: JSONRPCMessage) => Promise<void>): ModernExchanges {
  const open = new Map<string, Exchange>();
  let counter = 0;

  const cancel = (relayId: string) => {
    const exchange = open.get(relayId);
    // An answer the relay gave in the child's place (a deadline) still waits for the child's, to learn from it.
    if (exchange === undefined || !exchange.reply.waiting) return;
    open.delete(relayId);
    exchange.reply.close();
    // On stdio a request is cancelled by notification, carrying the envelope every 2026-07-28 message has.
    const envelope = Object.fromEntries(
      [PROTOCOL_VERSION_META_KEY, CLIENT_CAPABILITIES_META_KEY, CLIENT_INFO_META_KEY].flatMap((key) =>
        key in exchange.meta ? [[key, exchange.meta[key]]] : [],
      ),
    );
    const params = { requestId: relayId, reason: 'The HTTP client closed the request.', _meta: envelope };
    toChild({ jsonrpc: '2.0', method: 'notifications/cancelled', params }).catch(() => undefined);
  };

  const send: ModernExchanges['send'] = (request, signal, options = {}) => {
    if (signal.aborted) return Promise.resolve(new Response(null, { status: 503 }));
    const relayId = `${RELAY_ID_PREFIX}${++counter}`;
    const params = isRecord(request.params) ? request.params : {};
    const meta = isRecord(params._meta) ? params._meta : {};
    const reply = new Reply(() => cancel(relayId));
    const exchange: Exchange = { clientId: request.id, meta, wantsLogs: LOG_LEVEL_META_KEY in meta, reply, options };
    const outgoing: JSONRPCRequest = { ...request, id: relayId };
    if (meta.progressToken !== undefined) {
      exchange.progressToken = meta.progressToken;
      outgoing.params = { ...params, _meta: { ...meta, progressToken: relayId } };
    }
    open.set(relayId, exchange);
    signal.addEventListener('abort', () => cancel(relayId), { once: true });
    if (options.deadline) {
      const { ms, answer } = options.deadline;
      const timer = setTimeout(() => reply.standIn(answer()), ms);
      timer.unref();
      void reply.response.finally(() => clearTimeout(timer));
    }
    toChild(outgoing).catch(() => {
      open.delete(relayId);
      reply.close();
    });
    return reply.response;
  };

  const take: ModernExchanges['take'] = (message) => {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const relayId = typeof message.id === 'string' ? message.id : undefined;
      const exchange = relayId === undefined ? undefined : open.get(relayId);
      if (relayId === undefined || exchange === undefined) return false;
      open.delete(relayId);
      const answer = restoreIds({ ...message, id: exchange.clientId }, relayId, exchange.clientId) as JSONRPCResponse;
      const status =
        exchange.options.onAnswer?.(answer) ?? (isJSONRPCErrorResponse(answer) ? (ERROR_STATUS.get(answer.error.code) ?? 200) : 200);
      exchange.reply.finish(answer, status);
      return true;
    }
    if (!isJSONRPCNotification(message)) return false;
    const target = routeNotification(message, open);
    if (target === undefined) return false;
    const [relayId, exchange] = target;
    let notification = restoreIds(message, relayId, exchange.clientId) as JSONRPCNotification;
    if (message.method === 'notifications/progress' && isRecord(message.params)) {
      notification = { ...notification, params: { ...notification.params, progressToken: exchange.progressToken } };
    }
    if (!exchange.reply.notify(notification)) cancel(relayId);
    return true;
  };

  return {
    send,
    take,
    closeAll: () => {
      for (const exchange of open.values()) exchange.reply.close();
      open.clear();
    },
  };
}

/** The open exchange a notification from the child belongs to, if the relay can tell. */
function routeNotification(message: JSONRPCNotification, open: Map<string, Exchange>): [string, Exchange] | undefined {
  const params = isRecord(message.params) ? message.params : {};
  const byId = (id: unknown) => {
    const exchange = typeof id === 'string' ? open.get(id) : undefined;
    return exchange === undefined ? undefined : ([id as string, exchange] as [string, Exchange]);
  };
  if (message.method === 'notifications/progress') {
    const target = byId(params.progressToken);
    // Only a request that asked for progress has a token to give it back under.
    return target?.[1].progressToken === undefined ? undefined : target;
  }
  // A listen stream's notifications name their subscription: the listen request's id.
  const subscription = isRecord(params._meta) ? params._meta[SUBSCRIPTION_ID_META_KEY] : undefined;
  if (subscription !== undefined) return byId(subscription);
  // Log messages say nothing of the request they belong to on stdio: the newest open request that asked for them.
  if (message.method === 'notifications/message')
    return [...open].reverse().find(([, exchange]) => exchange.wantsLogs && exchange.reply.waiting);
  return undefined;
}

/** `message` with the relay's id put back as the client's wherever a subscription names it (`_meta`). */
function restoreIds(message: JSONRPCMessage, relayId: string, clientId: RequestId): JSONRPCMessage {
  const restore = (holder: unknown) => {
    if (!isRecord(holder) || !isRecord(holder._meta) || holder._meta[SUBSCRIPTION_ID_META_KEY] !== relayId) return holder;
    return { ...holder, _meta: { ...holder._meta, [SUBSCRIPTION_ID_META_KEY]: clientId } };
  };
  if ('result' in message) return { ...message, result: restore(message.result) } as JSONRPCMessage;
  if ('params' in message && message.params !== undefined) return { ...message, params: restore(message.params) } as JSONRPCMessage;
  return message;
}

/**
 * One HTTP answer: plain JSON when the child's answer comes first, an event stream as soon as something
 * comes before it. A stream whose client stops reading is ended at MAX_QUEUED_BYTES rather than grown.
 */
class Reply {
  readonly response: Promise<Response>;
  /** The child answered. */
  answered = false;
  #resolve!: (response: Response) => void;
  #stream: ReadableStreamDefaultController<Uint8Array> | undefined;
  #keepAlive: NodeJS.Timeout | undefined;
  /** Nothing more goes to the client: its answer is complete, given in the child's place, or it left. */
  #closed = false;
  /** The relay answered in the child's place. */
  #stoodIn = false;
  readonly #onCancel: () => void;
  readonly #encoder = new TextEncoder();

  constructor(onCancel: () => void) {
    this.#onCancel = onCancel;
    this.response = new Promise((resolve) => (this.#resolve = resolve));
  }

  /** The HTTP client still waits for the child's answer. */
  get waiting(): boolean {
    return !this.answered && !this.#stoodIn;
  }

  /** Answers in the child's place now, unless something was already sent; the child's answer may still come. */
  standIn(response: Response): void {
    if (this.#closed || this.#stream !== undefined) return;
    this.#stoodIn = true;
    this.#closed = true;
    this.#resolve(response);
  }

  /** Streams a message ahead of the answer; false when the client stopped reading. */
  notify(message: JSONRPCMessage): boolean {
    if (this.#closed) return true;
    this.#stream ??= this.#open();
    return this.#write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  finish(answer: JSONRPCResponse, status: number): void {
    this.answered = true;
    if (this.#closed) return;
    if (this.#stream === undefined) {
      this.#closed = true;
      return this.#resolve(Response.json(answer, { status }));
    }
    this.#write(`event: message\ndata: ${JSON.stringify(answer)}\n\n`);
    this.close();
  }

  /** Ends the answer where it is (the client left, or the relay is stopping). */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearInterval(this.#keepAlive);
    if (this.#stream === undefined) return this.#resolve(new Response(null, { status: 503 }));
    try {
      this.#stream.close();
    } catch {
      // Already cancelled by the client.
    }
  }

  #open(): ReadableStreamDefaultController<Uint8Array> {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>(
      {
        start: (c) => void (controller = c),
        // The client left: the child is told (onCancel), then nothing more is written.
        cancel: () => {
          this.#onCancel();
          this.close();
        },
      },
      { highWaterMark: 0, size: (chunk) => chunk.byteLength },
    );
    this.#keepAlive = setInterval(() => this.#write(': keep-alive\n\n'), KEEP_ALIVE_MS);
    this.#keepAlive.unref();
    this.#resolve(
      new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' } }),
    );
    return controller;
  }

  #write(frame: string): boolean {
    if (this.#closed || this.#stream === undefined) return true;
    if ((this.#stream.desiredSize ?? 0) < -MAX_QUEUED_BYTES) return false;
    this.#stream.enqueue(this.#encoder.encode(frame));
    return true;
  }
}
