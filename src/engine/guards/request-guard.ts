/**
 * Fails a pending request the moment we know no answer is coming, instead of leaving it to the request
 * timeout: the response stream ended (or hit a bound) before the response, or the server answered the id
 * with something that is neither a result nor an error. The SDK only reports such cases to `onerror` and
 * keeps waiting (docs/security.md#bounds).
 *
 * It is a decorator: a `Transport` that holds the SDK's real transport and forwards every member to it, and
 * the session connects the client to it. It watches request ids go out (`send`) and responses come in (the
 * handler it gives the real transport), and delivers a synthetic JSON-RPC error to the Protocol's handler
 * for an id it must fail. The error carries our EngineError in `data.mcpLensFault`, which `explainError`
 * passes through. The real transport is never patched: only its public callbacks are set, as any caller does.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';

export interface RequestGuard {
  /** The guarded transport: connect the client to this one, not to the one it wraps. */
  transport: Transport;
  /**
   * Fails the request with this id if it is still waiting; returns whether it was. With `cancel`, the
   * server is also told to stop (notifications/cancelled), for when we stopped listening, not the server.
   */
  fail(id: string | number, error: EngineError, options?: { cancel?: boolean }): boolean;
}

const LENS_FAULT_CODE = -32603;

const streamEnded = (method: string | undefined): EngineError => ({
  code: 'bad-response',
  lostInTransit: true,
  message: `The server ended the response stream${method ? ` for ${method}` : ''} without sending the response. The events it did send are in the Message log.`,
});

export function guardTransport(inner: Transport): RequestGuard {
  const guarded = new GuardedTransport(inner);
  return { transport: guarded, fail: (id, error, options) => guarded.fail(id, error, options) };
}

/**
 * Forwards the SDK's `Transport` members to `inner`. The callbacks are accessors, so what the Protocol
 * sets reaches the real transport at once (and what the SDK's era probe saves and restores stays right);
 * only `onmessage` is put behind the guard's own handler.
 */
class GuardedTransport implements Transport {
  readonly #inner: Transport;
  /** Request id → method, for requests that have gone out and not been answered. */
  readonly #pending = new Map<string, string | undefined>();
  #handler: Transport['onmessage'];
  readonly #receive: NonNullable<Transport['onmessage']> = (message, extra) => {
    const id = (message as { id?: unknown }).id;
    if ((typeof id === 'string' || typeof id === 'number') && !('method' in message)) this.#pending.delete(String(id));
    this.#handler?.(message, extra);
  };

  constructor(inner: Transport) {
    this.#inner = inner;
  }

  start(): Promise<void> {
    return this.#inner.start();
  }

  close(): Promise<void> {
    return this.#inner.close();
  }

  send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    const request = message as { id?: unknown; method?: unknown };
    if ((typeof request.id !== 'string' && typeof request.id !== 'number') || typeof request.method !== 'string')
      return this.#inner.send(message, options);
    const id = request.id;
    const method = request.method;
    this.#pending.set(String(id), method);
    return this.#inner.send(message, {
      ...options,
      onRequestStreamEnd: () => {
        options?.onRequestStreamEnd?.();
        this.fail(id, streamEnded(method));
      },
    });
  }

  fail(id: string | number, error: EngineError, options: { cancel?: boolean } = {}): boolean {
    if (!this.#pending.delete(String(id))) return false;
    this.#handler?.({
      jsonrpc: '2.0',
      id,
      error: { code: LENS_FAULT_CODE, message: error.message, data: { mcpLensFault: error } },
    } as JSONRPCMessage);
    if (options.cancel) {
      const cancelled = {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: error.message },
      } as JSONRPCMessage;
      this.#inner.send(cancelled).catch(() => undefined);
    }
    return true;
  }

  get onmessage(): Transport['onmessage'] {
    return this.#handler;
  }

  set onmessage(handler: Transport['onmessage']) {
    this.#handler = handler;
    this.#inner.onmessage = handler ? this.#receive : undefined;
  }

  get onclose(): Transport['onclose'] {
    return this.#inner.onclose;
  }

  set onclose(handler: Transport['onclose']) {
    this.#inner.onclose = handler;
  }

  get onerror(): Transport['onerror'] {
    return this.#inner.onerror;
  }

  set onerror(handler: Transport['onerror']) {
    this.#inner.onerror = handler;
  }

  get sessionId(): string | undefined {
    return this.#inner.sessionId;
  }

  // The SDK asks only `=== true`; an accessor cannot be absent, so "not set" reads as false.
  get hasPerRequestStream(): boolean {
    return this.#inner.hasPerRequestStream === true;
  }

  // Optional on the interface, and the SDK tests for them before calling: absent on the inner, absent here.
  get setProtocolVersion(): Transport['setProtocolVersion'] {
    const inner = this.#inner;
    return inner.setProtocolVersion && ((version) => inner.setProtocolVersion?.(version));
  }

  get setSupportedProtocolVersions(): Transport['setSupportedProtocolVersions'] {
    const inner = this.#inner;
    return inner.setSupportedProtocolVersions && ((versions) => inner.setSupportedProtocolVersions?.(versions));
  }
}
