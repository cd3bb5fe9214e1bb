/**
 * How a server says no: to a method it does not have, a tool it does not have, a resource that does not
 * exist. Each rule cites its revision; where the two eras differ, so do the verdicts.
 */
import type { ProtocolEra } from '../../../shared/model.ts';
import { isRecord } from '../../../shared/read.ts';
import { profileOf } from '../../../shared/era-profile.ts';
import type { Exchange } from '../exchange.ts';
import { describeAnswer } from './answer.ts';
import { fail, pass, quote, warn, type Finding } from './findings.ts';

const METHOD_NOT_FOUND = -32601;
const INVALID_PARAMS = -32602;
/** 2025-11-25's "Resource not found"; 2026-07-28 moved it to -32602 and asks clients to accept both. */
const LEGACY_RESOURCE_NOT_FOUND = -32002;

/**
 * JSON-RPC 2.0 answers a method that does not exist with -32601, in both eras. 2026-07-28 adds the HTTP
 * status: "MUST respond with 404 Not Found and a JSON-RPC error with code -32601".
 */
export function judgeUnknownMethod(exchange: Exchange, era: ProtocolEra): Finding[] {
  const { answer } = exchange;
  const status = exchange.ids.httpStatus;
  if (answer.kind !== 'error')
    return [fail(`An unknown method got ${describeAnswer(answer)}; it should get JSON-RPC error -32601 (Method not found).`)];
  if (answer.code !== METHOD_NOT_FOUND)
    return [fail(`An unknown method got JSON-RPC error ${String(answer.code)}; JSON-RPC 2.0 reserves -32601 (Method not found) for it.`)];
  const { unknownMethodIs404 } = profileOf(era);
  if (unknownMethodIs404 && status !== 404)
    return [fail(`An unknown method got -32601 with HTTP ${status ?? '(no status)'}; MCP 2026-07-28 requires HTTP 404 with it.`)];
  return [pass(`An unknown method got -32601 (Method not found)${unknownMethodIs404 ? ' with HTTP 404' : ''}.`)];
}

/**
 * Both revisions list an unknown tool among the protocol errors, "returned as standard JSON-RPC errors", and
 * show -32602; neither says MUST. A result that reads as if a tool ran is wrong outright.
 */
export function judgeUnknownTool(exchange: Exchange): Finding[] {
  const { answer } = exchange;
  if (answer.kind === 'none') return [fail(`tools/call of an unknown tool got ${describeAnswer(answer)}.`)];
  if (answer.kind === 'error') {
    if (answer.code === INVALID_PARAMS)
      return [pass(`tools/call of an unknown tool got -32602 (Invalid params) ${quote(answer.message)}.`)];
    return [
      warn(`tools/call of an unknown tool got JSON-RPC error ${String(answer.code)}; the spec shows -32602 (Invalid params) for it.`),
    ];
  }
  const result = answer.wire ?? answer.result;
  if (isRecord(result) && result.isError === true)
    return [
      warn(
        'tools/call of an unknown tool got a result with isError: true; the spec lists an unknown tool among protocol errors, answered as a JSON-RPC error (-32602).',
      ),
    ];
  return [fail('tools/call of an unknown tool got a successful result, as if the tool ran; it should get JSON-RPC error -32602.')];
}

/**
 * 2026-07-28: "servers MUST return a JSON-RPC error with code -32602", "SHOULD" name the uri in `data`, and
 * "MUST NOT return an empty contents array". 2025-11-25 only says SHOULD, with -32002; a 2025 server using
 * the newer -32602 passes too, since clients are told to accept both.
 */
export function judgeResourceNotFound(exchange: Exchange, uri: string, era: ProtocolEra): Finding[] {
  const { answer } = exchange;
  const { required } = profileOf(era).resourceNotFound;
  if (answer.kind === 'none') return [fail(`resources/read of a missing resource got ${describeAnswer(answer)}.`)];
  if (answer.kind === 'result') {
    const result = answer.wire ?? answer.result;
    const contents = isRecord(result) ? result.contents : undefined;
    const empty = Array.isArray(contents) && contents.length === 0;
    if (required)
      return [
        fail(
          empty
            ? 'resources/read of a missing resource got an empty contents array; MCP 2026-07-28 forbids that and requires error -32602.'
            : 'resources/read of a missing resource got a result; MCP 2026-07-28 requires JSON-RPC error -32602.',
        ),
      ];
    return [
      warn(
        `resources/read of a missing resource got ${empty ? 'an empty contents array' : 'a result'}; MCP 2025-11-25 asks for JSON-RPC error -32002.`,
      ),
    ];
  }
  const echoed = isRecord(answer.data) && answer.data.uri === uri;
  if (required) {
    if (answer.code !== INVALID_PARAMS) {
      const old = answer.code === LEGACY_RESOURCE_NOT_FOUND ? ' (the 2025 code)' : '';
      return [fail(`resources/read of a missing resource got error ${String(answer.code)}${old}; MCP 2026-07-28 requires -32602.`)];
    }
    if (!echoed)
      return [warn('resources/read of a missing resource got -32602, but its data does not name the uri, as MCP 2026-07-28 asks.')];
    return [pass('resources/read of a missing resource got -32602 naming the uri.')];
  }
  if (answer.code === LEGACY_RESOURCE_NOT_FOUND || answer.code === INVALID_PARAMS)
    return [pass(`resources/read of a missing resource got ${String(answer.code)} ${quote(answer.message)}.`)];
  return [
    warn(
      `resources/read of a missing resource got error ${String(answer.code)}; MCP 2025-11-25 asks for -32002 (and 2026-07-28 for -32602).`,
    ),
  ];
}
