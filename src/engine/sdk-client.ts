/**
 * The SDK's Client with what an inspector needs and the SDK has no option for. Each reaches into SDK
 * internals, so this file is the one place that does, and src/engine/sdk-client.test.ts pins each seam to
 * the SDK version in package.json:
 * - a log level on every request of the modern era (2026-07-28 removed `logging/setLevel`; a request's
 *   `_meta` carries the level instead, and a request without it gets no log messages);
 * - a modern result without `resultType`, which the SDK rejects whole, is accepted as complete and marked,
 *   so the UI shows the result with a spec-violation flag instead of losing it; `requestMarked` keeps the
 *   mark through the SDK's result validation, whose schemas copy the result.
 */
import { Client, LOG_LEVEL_META_KEY, type ClientOptions, type Implementation, type RequestOptions, type StandardSchemaV1 } from '@modelcontextprotocol/client';

import type { LogLevel } from '../shared/logging-api.ts';

/** Set (non-enumerable) on a result that arrived without the `resultType` 2026-07-28 requires. */
export const MISSING_RESULT_TYPE = Symbol('mcp-lens.missing-resultType');

interface DecodedResult {
  kind: string;
  result?: Record<string, unknown>;
  error?: { data?: { violation?: unknown } };
}
type Validation = { ok: true; value: unknown } | { ok: false; reason: string; message?: string };
interface Codec {
  decodeResult(method: string, raw: unknown): DecodedResult;
  validateResult(method: string, raw: unknown): Validation;
}

export class LensClient extends Client {
  /** Modern era only: the level sent with each request; undefined sends none (no log messages). */
  logLevel: LogLevel | undefined;
  readonly #codecFor: (method: string) => Codec;

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
    this.#codecFor = self._resolveOutboundCodec;
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!envelope || this.logLevel === undefined) return envelope;
    return { ...envelope, [LOG_LEVEL_META_KEY]: this.logLevel };
  }

  /**
   * A request whose result keeps the mark the decoding seam sets: validated as the SDK validates it, whose
   * schemas copy the result and so would drop the mark.
   */
  requestMarked(request: { method: string; params: Record<string, unknown> }, options: RequestOptions = {}): Promise<Record<string, unknown>> {
    const codec = this.#codecFor(request.method);
    const schema: StandardSchemaV1<unknown, Record<string, unknown>> = {
      '~standard': {
        version: 1,
        vendor: 'mcp-lens',
        validate(value) {
          const outcome = codec.validateResult(request.method, value);
          // Only a method the era does not know has no schema; its result is read defensively by the caller.
          if (!outcome.ok && outcome.reason !== 'not-in-era') return { issues: [{ message: outcome.message ?? `Invalid result for ${request.method}` }] };
          const checked = (outcome.ok ? outcome.value : value) as Record<string, unknown>;
          return { value: hasMark(value, MISSING_RESULT_TYPE) && checked !== value ? marked(checked, MISSING_RESULT_TYPE) : checked };
        },
      },
    };
    return this.request(request, schema, options);
  }
}

const hasMark = (value: unknown, mark: symbol) => typeof value === 'object' && value !== null && Object.hasOwn(value, mark);

function marked(raw: unknown, mark: symbol): Record<string, unknown> {
  const result = { ...(raw as Record<string, unknown>) };
  Object.defineProperty(result, mark, { value: true });
  return result;
}

function acceptMissingResultType(codec: Codec, method: string, raw: unknown): DecodedResult {
  const decoded = codec.decodeResult(method, raw);
  if (decoded.kind !== 'invalid' || decoded.error?.data?.violation !== 'missing-resultType') return decoded;
  return { kind: 'complete', result: marked(raw, MISSING_RESULT_TYPE) };
}
