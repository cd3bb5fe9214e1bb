/** Words for what a request got back, shared by every check's details. */
import { isRecord } from '../../../shared/read.ts';
import type { Answer, Exchange } from '../exchange.ts';
import { fail, quote, type Finding } from './findings.ts';

export function describeAnswer(answer: Answer): string {
  if (answer.kind === 'error') return `JSON-RPC error ${String(answer.code)} ${quote(answer.message)}`;
  if (answer.kind === 'none') return `no JSON-RPC answer (${answer.problem})`;
  const result = answer.wire ?? answer.result;
  const keys = isRecord(result) ? Object.keys(result) : [];
  const shape = isRecord(result)
    ? keys.length === 0
      ? 'an empty result {}'
      : `a result with ${keys.slice(0, 6).join(', ')}`
    : `the result ${quote(result, 40)}`;
  return answer.refused ? `${shape}, which the engine refused: ${answer.refused}` : shape;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…` : text);

/** One line for the details: what was sent and what came back. */
export function exchangeLine(exchange: Exchange): string {
  const params = exchange.params === undefined ? '' : ` ${cut(JSON.stringify(exchange.params) ?? '', 120)}`;
  const status = exchange.ids.httpStatus === undefined ? '' : ` (HTTP ${exchange.ids.httpStatus})`;
  return `Sent ${exchange.method}${params}; got ${describeAnswer(exchange.answer)}${status}.`;
}

/** For a request that should have succeeded: why it did not, or undefined when it did. */
export function unansweredFinding(exchange: Exchange): Finding | undefined {
  const { answer, method } = exchange;
  if (answer.kind === 'error') return fail(`${method} answered with ${describeAnswer(answer)}.`);
  if (answer.kind === 'none') return fail(`${method} got ${describeAnswer(answer)}.`);
  return undefined;
}

/** The result as the server sent it, when there was one. */
export function wireResult(exchange: Exchange): unknown {
  return exchange.answer.kind === 'result' ? (exchange.answer.wire ?? exchange.answer.result) : undefined;
}
