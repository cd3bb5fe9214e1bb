/**
 * bad-params: a request missing a parameter its method requires is answered with JSON-RPC error -32602
 * (Invalid params), as JSON-RPC 2.0 defines it and both revisions use it. Nothing runs: the request names
 * no tool, prompt or resource.
 */
import type { Exchange } from '../exchange.ts';
import { describeAnswer } from './answer.ts';
import { fail, pass, quote, warn, type Finding } from './findings.ts';

const INVALID_PARAMS = -32602;

export function judgeBadParams(exchange: Exchange, missing: string): Finding[] {
  const { answer, method } = exchange;
  if (answer.kind === 'none') return [fail(`${method} without ${missing} got ${describeAnswer(answer)}.`)];
  if (answer.kind === 'result')
    return [fail(`${method} without ${missing} got a result; a request missing a required parameter gets JSON-RPC error -32602.`)];
  if (answer.code === INVALID_PARAMS) return [pass(`${method} without ${missing} got -32602 (Invalid params) ${quote(answer.message)}.`)];
  return [
    warn(`${method} without ${missing} got JSON-RPC error ${String(answer.code)}; JSON-RPC 2.0's code for invalid parameters is -32602.`),
  ];
}
