/**
 * The SDK's Client with what an inspector needs and the SDK has no option for. Both reach into SDK
 * internals, so this file is the one place that does, and src/engine/sdk-client.test.ts pins both to the
 * SDK version in package.json:
 * - a log level on every request of the modern era (2026-07-28 removed `logging/setLevel`; a request's
 *   `_meta` carries the level instead, and a request without it gets no log messages);
 * - a modern result without `resultType`, which the SDK rejects whole, is accepted as complete and marked,
 *   so the UI shows the result with a spec-violation flag instead of losing it.
 */
import { Client, LOG_LEVEL_META_KEY, type ClientOptions, type Implementation } from '@modelcontextprotocol/client';

import type { LogLevel } from '../shared/logging-api.ts';

/** Set (non-enumerable) on a result that arrived without the `resultType` 2026-07-28 requires. */
export const MISSING_RESULT_TYPE = Symbol('mcp-lens.missing-resultType');

interface DecodedResult {
  kind: string;
  result?: Record<string, unknown>;
  error?: { data?: { violation?: unknown } };
}
interface Codec {
  decodeResult(method: string, raw: unknown): DecodedResult;
}

export class LensClient extends Client {
  /** Modern era only: the level sent with each request; undefined sends none (no log messages). */
  logLevel: LogLevel | undefined;

  constructor(info: Implementation, options?: ClientOptions) {
    super(info, options);
    const self = this as unknown as { _resolveOutboundCodec: (method: string) => Codec };
    const resolve = self._resolveOutboundCodec.bind(this);
    const lenient = new WeakMap<Codec, Codec>();
    self._resolveOutboundCodec = (method) => {
      const codec = resolve(method);
      let wrapped = lenient.get(codec);
      if (!wrapped) {
        wrapped = { ...codec, decodeResult: (m, raw) => acceptMissingResultType(codec, m, raw) } as Codec;
        Object.setPrototypeOf(wrapped, Object.getPrototypeOf(codec) as object);
        lenient.set(codec, wrapped);
      }
      return wrapped;
    };
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!envelope || this.logLevel === undefined) return envelope;
    return { ...envelope, [LOG_LEVEL_META_KEY]: this.logLevel };
  }
}

function acceptMissingResultType(codec: Codec, method: string, raw: unknown): DecodedResult {
  const decoded = codec.decodeResult(method, raw);
  if (decoded.kind !== 'invalid' || decoded.error?.data?.violation !== 'missing-resultType') return decoded;
  const result = { ...(raw as Record<string, unknown>) };
  Object.defineProperty(result, MISSING_RESULT_TYPE, { value: true });
  return { kind: 'complete', result };
}
