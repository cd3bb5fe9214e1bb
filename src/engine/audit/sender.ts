/**
 * How a check sends a request: on the session's SDK client like every other request (so the era's envelope
 * and headers are the engine's), marked in the Message log with the check's id, and watched on its way so the
 * answer comes back with its log and HTTP ids. What the server said is read from the logged frame: the SDK
 * turns some answers into local errors (a modern 404 with a JSON-RPC body becomes an HTTP error), and an
 * audit judges the answer, not the SDK's reading of it.
 */
import type { Client } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';
import type { MessageEntry } from '../../shared/events.ts';
import { describeError, isRecord, str } from '../../shared/read.ts';
import { sameRequest } from '../wire/call-marks.ts';
import { explainError } from '../errors/explain-error.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { rawRequest } from '../features/paginate.ts';
import type { Answer, Exchange } from './exchange.ts';

export type AuditSend = (checkId: string, method: string, params?: Record<string, unknown>) => Promise<Exchange>;

interface SenderDeps {
  ctx: Pick<FeatureContext, 'marked' | 'watchWire'>;
  client: Client;
  timeoutMs: number;
  signal: AbortSignal;
  /** False once the session the audit started on is gone: the run stops instead of failing every check. */
  alive: () => boolean;
}

export function createAuditSender({ ctx, client, timeoutMs, signal, alive }: SenderDeps): AuditSend {
  return async (checkId, method, params) => {
    if (!alive())
      throw { code: 'not-connected', message: 'The connection ended during the audit. Connect and run it again.' } satisfies EngineError;
    let request: MessageEntry | undefined;
    let response: MessageEntry | undefined;
    const statuses = new Map<number, number>();
    const stop = ctx.watchWire((event) => {
      if (event.type === 'http') {
        if (event.exchange.status !== undefined) statuses.set(event.exchange.seq, event.exchange.status);
        return;
      }
      const { entry } = event;
      if (!request) {
        if (entry.direction === 'out' && entry.kind === 'request' && entry.origin?.feature === 'audit' && entry.origin.id === checkId)
          request = entry;
      } else if (!response && entry.direction === 'in' && entry.requestSeq === request.seq) response = entry;
    });
    let settled: { ok: true; value: unknown } | { ok: false; error: unknown };
    try {
      const value = await ctx.marked({ feature: 'audit', id: checkId }, sameRequest(method, params), () =>
        rawRequest(client, method, params, { signal, timeout: timeoutMs }),
      );
      settled = { ok: true, value };
    } catch (error) {
      if (signal.aborted) throw error;
      settled = { ok: false, error };
    } finally {
      stop();
    }
    const httpSeq = response?.httpSeq ?? request?.httpSeq;
    const httpStatus = httpSeq === undefined ? undefined : statuses.get(httpSeq);
    return {
      method,
      ...(params !== undefined && { params }),
      answer: answerOf(settled, response?.message),
      ids: {
        method,
        ...(request && { requestSeq: request.seq }),
        ...(response && { responseSeq: response.seq }),
        ...(httpSeq !== undefined && { httpSeq }),
        ...(httpStatus !== undefined && { httpStatus }),
      },
    };
  };
}

/** The answer, from the SDK's result when it accepted one, else from the frame the server sent. */
function answerOf(settled: { ok: true; value: unknown } | { ok: false; error: unknown }, frame: unknown): Answer {
  const logged = isRecord(frame) ? frame : undefined;
  if (settled.ok) return { kind: 'result', result: settled.value, ...(logged && 'result' in logged && { wire: logged.result }) };
  if (logged && isRecord(logged.error)) {
    const { code, message, data } = logged.error;
    return { kind: 'error', code, message: str(message) ?? '', ...(data !== undefined && { data }) };
  }
  if (logged && 'result' in logged)
    return { kind: 'result', result: logged.result, wire: logged.result, refused: describeError(settled.error) };
  // An SDK timeout is a local error with a JSON-RPC code; only a logged frame says what the server answered.
  return { kind: 'none', problem: explainError(settled.error).message };
}
