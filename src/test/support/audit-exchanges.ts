/** Exchanges as a server would have answered them, for the audit's unit tests (no server, no engine). */
import type { Answer, Exchange } from '../../engine/audit/exchange.ts';
import type { Probed } from '../../engine/audit/probed.ts';

let seq = 0;

function exchangeOf(method: string, answer: Answer, params?: Record<string, unknown>, httpStatus = 200): Exchange {
  seq += 2;
  return {
    method,
    ...(params !== undefined && { params }),
    answer,
    ids: { method, requestSeq: seq - 1, responseSeq: seq, httpSeq: seq, httpStatus },
  };
}

export const resultExchange = (method: string, result: unknown, params?: Record<string, unknown>): Exchange =>
  exchangeOf(method, { kind: 'result', result, wire: result }, params);

export const errorExchange = (
  method: string,
  code: number,
  message = 'no',
  options: { data?: unknown; httpStatus?: number } = {},
): Exchange =>
  exchangeOf(
    method,
    { kind: 'error', code, message, ...(options.data !== undefined && { data: options.data }) },
    undefined,
    options.httpStatus,
  );

export const silentExchange = (method: string, problem = 'The request timed out.'): Exchange => ({
  method,
  answer: { kind: 'none', problem },
  ids: { method },
});

/** A raw probe's record as a server would have answered it (`rpc` is the JSON-RPC response in the body). */
export const probedOf = (
  label: string,
  status: number | undefined,
  options: { headers?: Record<string, string>; rpc?: Record<string, unknown>; body?: Record<string, unknown> } = {},
): Probed => ({
  label,
  request: { method: 'POST', headers: {}, body: JSON.stringify(options.body ?? { jsonrpc: '2.0', id: 1, method: 'x' }) },
  ...(status === undefined
    ? { problem: 'connection refused' }
    : { response: { status, headers: options.headers ?? {}, body: JSON.stringify(options.rpc ?? {}) } }),
  ...(options.rpc && { rpc: options.rpc }),
});
