/**
 * The SDK's Client with what an inspector needs and the SDK has no option for. Everything here reaches
 * into SDK internals, so this file is the one place that does, and src/engine/sdk/sdk-client.test.ts pins each
 * seam to the SDK version in package.json:
 * - a log level on every request of the modern era (2026-07-28 removed `logging/setLevel`; a request's
 *   `_meta` carries the level instead, and a request without it gets no log messages);
 * - odd cache hints (a negative or absurd `ttlMs`, an unknown `cacheScope`), which the SDK rejects whole, are
 *   clamped and flagged (features/cache-hints.ts); `input_required` on a request other than the three the
 *   spec allows it on is refused before the SDK would ask the person anything;
 * - a modern result without `resultType`, which the SDK rejects whole, is accepted as complete and marked,
 *   so the UI shows the result with a spec-violation flag instead of losing it; `requestMarked` keeps the
 *   mark through the SDK's result validation, whose schemas copy the result;
 * - protocol extensions (SEP-2133) declared after `server/discover`, once the server has offered them:
 *   the SDK fixes client capabilities at construction, before the server's are known;
 * - the tasks extension (SEP-2663), which SDK 2.4.0 does not carry: a `resultType: "task"` answer, which
 *   its 2026 decoder rejects ("Unsupported result type"), is accepted and marked where the extension was
 *   declared, and a task's `inputRequests` are run through the same registered handlers the SDK uses for
 *   multi round-trip requests;
 * - three kinds of SDK failure that SDK 2.4.0 raises as plain `Error`s, without an `SdkErrorCode`, so only
 *   their wording tells them apart: an initialize answer in a protocol version the client does not speak
 *   (`isUnsupportedServerVersion`), and what the Streamable HTTP transport reports about its event stream
 *   (`readStreamError`), an answer to no request it sent (`isUnmatchedResponse`), and progress for a request
 *   that already ended (`isLateProgress`). Every other SDK failure is read by class and code (explain-error.ts);
 * - the progress the SDK reports itself for each input_required round (`isInputRoundProgress`), which is no
 *   notifications/progress of the server's and is kept out of a call's progress.
 */
import {
  type BaseContext,
  Client,
  CLIENT_CAPABILITIES_META_KEY,
  LOG_LEVEL_META_KEY,
  type ClientOptions,
  type Implementation,
  type RequestOptions,
  type StandardSchemaV1,
  SdkError,
  SdkErrorCode,
} from '@modelcontextprotocol/client';

import type { LogLevel } from '../../shared/logging-api.ts';
import { TASK_METHODS, TASKS_EXTENSION } from '../../shared/tasks.ts';
import { clampCacheHints } from '../features/cache-hints.ts';

/** Set (non-enumerable) on a result that arrived without the `resultType` 2026-07-28 requires. */
export const MISSING_RESULT_TYPE = Symbol('mcp-lens.missing-resultType');
/**
 * Set (non-enumerable) on a result from `requestMarked`: the result as the server sent it, before the SDK's
 * schema filled in defaults (a missing `content` becomes `[]`), so a judge of the answer sees what came.
 */
export const WIRE_RESULT = Symbol('mcp-lens.wire-result');
/** Set (non-enumerable) on a `resultType: "task"` result: the answer is a task handle to follow, not the result. */
export const CREATED_TASK = Symbol('mcp-lens.created-task');

/** The only requests a 2026-07-28 server may answer with `input_required`; anywhere else nobody asked the person anything. */
const INPUT_REQUIRED_METHODS: ReadonlySet<string> = new Set(['tools/call', 'prompts/get', 'resources/read']);
export const INPUT_REQUIRED_NOT_ALLOWED = 'input-required-not-allowed';

/** Refuses an input_required answer to a request that may not have one: no question reaches the person. */
function inputRequiredRefused(method: string): DecodedResult {
  return {
    kind: 'invalid',
    error: new SdkError(
      SdkErrorCode.InvalidResult,
      `Invalid result for ${method}: input_required is allowed only on tools/call, prompts/get and resources/read`,
      {
        method,
        violation: INPUT_REQUIRED_NOT_ALLOWED,
      },
    ) as NonNullable<DecodedResult['error']>,
  };
}

/** The embedded requests the 2026-07-28 revision defines; a task may ask for no others. */
const INPUT_REQUEST_METHODS = new Set(['elicitation/create', 'sampling/createMessage', 'roots/list']);

type Validation = { ok: true; value: unknown } | { ok: false; reason: string; message?: string };
interface DecodedResult {
  kind: string;
  result?: Record<string, unknown>;
  error?: { code?: unknown; data?: { violation?: unknown; resultType?: unknown } };
}
interface Codec {
  decodeResult(method: string, raw: unknown): DecodedResult;
  validateResult(method: string, raw: unknown): Validation;
}

export class LensClient extends Client {
  /** Modern era only: the level sent with each request; undefined sends none (no log messages). */
  logLevel: LogLevel | undefined;
  /** Extensions both sides offered, declared on every modern request from now on (id → settings). */
  #extensions: Record<string, Record<string, unknown>> = {};
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
        wrapped = { ...codec, decodeResult: (m, raw) => this.#decode(codec, m, raw) } as Codec;
        Object.setPrototypeOf(wrapped, Object.getPrototypeOf(codec) as object);
        lenient.set(codec, wrapped);
      }
      return wrapped;
    };
    this.#codecFor = self._resolveOutboundCodec;
  }

  /**
   * Declares extensions from the next request on (modern era: capabilities travel with each request).
   * Call only with what the server's `server/discover` offered too: a one-sided extension is not in force.
   */
  declareExtensions(extensions: Record<string, Record<string, unknown>>): void {
    this.#extensions = { ...extensions };
  }

  /** The ids of the extensions declared on this connection's requests. */
  declaredExtensions(): string[] {
    return Object.keys(this.#extensions);
  }

  /** Whether this extension is declared on this connection's requests. */
  hasExtension(id: string): boolean {
    return Object.hasOwn(this.#extensions, id);
  }

  protected override _outboundMetaEnvelope(): Readonly<Record<string, unknown>> | undefined {
    const envelope = super._outboundMetaEnvelope();
    if (!envelope) return envelope;
    const withLevel = this.logLevel === undefined ? envelope : { ...envelope, [LOG_LEVEL_META_KEY]: this.logLevel };
    if (Object.keys(this.#extensions).length === 0) return withLevel;
    const declared = (envelope[CLIENT_CAPABILITIES_META_KEY] ?? {}) as { extensions?: Record<string, unknown> };
    return { ...withLevel, [CLIENT_CAPABILITIES_META_KEY]: { ...declared, extensions: { ...declared.extensions, ...this.#extensions } } };
  }

  /**
   * A request whose result keeps the marks the decoding seam sets: validated as the SDK validates it (whose
   * schemas copy the result and so drop the marks), except a task handle (CREATED_TASK), which the SDK's
   * schema for the method would refuse: a tools/call task has no `content`.
   */
  requestMarked(
    request: { method: string; params: Record<string, unknown> },
    options: RequestOptions = {},
  ): Promise<Record<string, unknown>> {
    const codec = this.#codecFor(request.method);
    const schema: StandardSchemaV1<unknown, Record<string, unknown>> = {
      '~standard': {
        version: 1,
        vendor: 'mcp-lens',
        validate(value) {
          if (isCreatedTask(value)) return { value };
          const outcome = codec.validateResult(request.method, value);
          // Only a method the era does not know has no schema; its result is read defensively by the caller.
          if (!outcome.ok && outcome.reason !== 'not-in-era')
            return { issues: [{ message: outcome.message ?? `Invalid result for ${request.method}` }] };
          const checked = (outcome.ok ? outcome.value : value) as Record<string, unknown>;
          const out = hasMark(value, MISSING_RESULT_TYPE) && checked !== value ? marked(checked, MISSING_RESULT_TYPE) : checked;
          if (out !== value && typeof out === 'object' && out !== null && !Object.hasOwn(out, WIRE_RESULT))
            Object.defineProperty(out, WIRE_RESULT, { value });
          return { value: out };
        },
      },
    };
    return this.request(request, schema, options);
  }

  /**
   * Runs one entry of a task's `inputRequests` through the handler registered for its method (the
   * person-facing dialogs), with the entry's key as the request id, as the SDK does for a multi round-trip
   * request's embedded requests. Resolves with the bare result to send back in `inputResponses`.
   */
  async fulfilInputRequest(
    key: string,
    method: string,
    params: Record<string, unknown> | undefined,
    signal: AbortSignal,
  ): Promise<Record<string, unknown>> {
    if (!INPUT_REQUEST_METHODS.has(method)) {
      throw new Error(
        `The server asked for "${method.slice(0, 100)}", which is not a request a task may make (elicitation/create, sampling/createMessage or roots/list).`,
      );
    }
    const handler = this._getRequestHandler(method);
    if (!handler)
      throw new Error(
        `The server asked for ${method}, which this connection did not declare. Switch it on under Client features and connect again.`,
      );
    const unavailable = () => Promise.reject(new Error(`A task's ${method} is answered locally; it cannot send requests of its own.`));
    const ctx: BaseContext = {
      mcpReq: {
        id: key,
        method,
        ...(params?._meta !== undefined && { _meta: params._meta as NonNullable<BaseContext['mcpReq']['_meta']> }),
        requestState: () => undefined as never,
        signal,
        send: unavailable as BaseContext['mcpReq']['send'],
        notify: unavailable,
      },
    };
    const result = await handler({ jsonrpc: '2.0', id: key, method, ...(params !== undefined && { params }) }, this.buildContext(ctx));
    return result as Record<string, unknown>;
  }

  #decode(codec: Codec, method: string, answer: unknown): DecodedResult {
    const raw = clampCacheHints(method, answer);
    const decoded = codec.decodeResult(method, raw);
    if (decoded.kind === 'input_required' && !INPUT_REQUIRED_METHODS.has(method)) return inputRequiredRefused(method);
    if (decoded.kind !== 'invalid') return decoded;
    if (decoded.error?.data?.violation === 'missing-resultType') return { kind: 'complete', result: marked(raw, MISSING_RESULT_TYPE) };
    // Without the extension declared, a task is an invalid answer (SEP-2663), and the SDK's error stands.
    const isTask = decoded.error?.data?.resultType === 'task' && TASK_METHODS.includes(method) && this.hasExtension(TASKS_EXTENSION);
    return isTask ? { kind: 'complete', result: marked(raw, CREATED_TASK) } : decoded;
  }
}

const hasMark = (value: unknown, mark: symbol) => typeof value === 'object' && value !== null && Object.hasOwn(value, mark);

export const isCreatedTask = (value: unknown): value is Record<string, unknown> => hasMark(value, CREATED_TASK);

function marked(raw: unknown, mark: symbol): Record<string, unknown> {
  const result = { ...(raw as Record<string, unknown>) };
  Object.defineProperty(result, mark, { value: true });
  return result;
}

/** The client's report of an answer to no request it sent (the message log marks those on the entry). */
export function isUnmatchedResponse(error: Error): boolean {
  return /^Received a response for an unknown message ID/.test(error.message);
}

/**
 * The client's report of progress for a token it no longer tracks: the request was cancelled or already
 * answered, and the server's progress came after. The message log keeps the notification itself.
 */
export function isLateProgress(error: Error): boolean {
  return /^Received a progress notification for an unknown token/.test(error.message);
}

/**
 * The SDK's own report of an input_required round of a 2026-07-28 request, which it hands to the request's
 * `onprogress` as if the server had sent notifications/progress ("Fulfilling input required by 'tools/call'
 * (round 1)"). The server sent nothing: shown as progress it would read as the server's words and count.
 */
export function isInputRoundProgress(progress: { total?: number | undefined; message?: string | undefined }): boolean {
  return progress.total === undefined && /^Fulfilling input required by '[^']*' \(round \d+\)$/.test(progress.message ?? '');
}

/** Client.connect refusing the version the server chose in its initialize answer. */
export function isUnsupportedServerVersion(error: unknown): boolean {
  return error instanceof Error && /^Server's protocol version is not supported/.test(error.message);
}

/**
 * What an error the Streamable HTTP transport reports through `onerror` says about its event stream:
 * `stream` when the stream broke or could not be reopened, `gave-up` when the transport stopped reopening
 * it after its attempts, undefined for anything else.
 */
export function readStreamError(message: string): 'stream' | 'gave-up' | undefined {
  if (/^Maximum reconnection attempts/.test(message)) return 'gave-up';
  if (/^(SSE stream disconnected|Failed to reconnect SSE stream|Failed to open SSE stream)/.test(message)) return 'stream';
  return undefined;
}
