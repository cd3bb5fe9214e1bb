/**
 * Fails a pending request the moment we know no answer is coming, instead of leaving it to the request
 * timeout: the response stream ended (or hit a bound) before the response, or the server answered the id
 * with something that is neither a result nor an error. The SDK only reports such cases to `onerror` and
 * keeps waiting (docs/security.md#bounds).
 *
 * It works by standing between the transport and the SDK's Protocol: it watches request ids go out and
 * responses come in, and delivers a synthetic JSON-RPC error to the Protocol for an id it must fail. The
 * error carries our EngineError in `data.mcpLensFault`, which `explainError` passes through.
 */
import type { JSONRPCMessage, Transport, TransportSendOptions } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';

export interface RequestGuard {
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

export function guardTransport(transport: Transport): RequestGuard {
  const pending = new Map<string, string | undefined>();
  let inner: Transport['onmessage'];
  const onmessage: NonNullable<Transport['onmessage']> = (message, extra) => {
    const id = (message as { id?: unknown }).id;
    if ((typeof id === 'string' || typeof id === 'number') && !('method' in message)) pending.delete(String(id));
    inner?.(message, extra);
  };
  // The Protocol installs its handler by assignment and the transport calls `this.onmessage`, so an
  // accessor lets us sit between them without subclassing the SDK's transports.
  Object.defineProperty(transport, 'onmessage', {
    configurable: true,
    get: () => (inner ? onmessage : undefined),
    set: (handler: Transport['onmessage']) => {
      inner = handler;
    },
  });

  const send = transport.send.bind(transport);
  const fail = (id: string | number, error: EngineError, options: { cancel?: boolean } = {}) => {
    if (!pending.delete(String(id))) return false;
    inner?.({
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
      send(cancelled).catch(() => undefined);
    }
    return true;
  };

  transport.send = (message: JSONRPCMessage, options?: TransportSendOptions) => {
    const request = message as { id?: unknown; method?: unknown };
    if ((typeof request.id !== 'string' && typeof request.id !== 'number') || typeof request.method !== 'string')
      return send(message, options);
    const id = request.id;
    const method = request.method;
    pending.set(String(id), method);
    return send(message, {
      ...options,
      onRequestStreamEnd: () => {
        options?.onRequestStreamEnd?.();
        fail(id, streamEnded(method));
      },
    });
  };
  return { fail };
}
