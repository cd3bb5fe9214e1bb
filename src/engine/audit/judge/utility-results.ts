/** Results of the utilities: ping and logging/setLevel answer an empty result; completion/complete a list of values. */
import { isRecord, plural } from '../../../shared/read.ts';
import type { Exchange } from '../exchange.ts';
import { unansweredFinding } from './answer.ts';
import { fail, pass, quote, type Finding } from './findings.ts';

/**
 * "The receiver MUST respond promptly with an empty response" (ping); logging/setLevel's result is empty too.
 * Every result may carry `_meta`, so that key alone still counts as empty (the official suite is stricter).
 */
export function judgeEmptyResult(exchange: Exchange): Finding[] {
  const unanswered = unansweredFinding(exchange);
  if (unanswered) return [unanswered];
  const result = exchange.answer.kind === 'result' ? (exchange.answer.wire ?? exchange.answer.result) : undefined;
  if (!isRecord(result)) return [fail(`${exchange.method} answered ${quote(result, 40)}; it should answer an empty result {}.`)];
  const extra = Object.keys(result).filter((key) => key !== '_meta');
  if (extra.length > 0) return [fail(`${exchange.method} answered a result with ${extra.slice(0, 5).join(', ')}; it should be empty.`)];
  return [pass(`${exchange.method} answered an empty result.`)];
}

/** completion/complete: `completion.values` (strings, at most 100), optional `total` (number) and `hasMore` (boolean). */
export function judgeCompletion(exchange: Exchange): Finding[] {
  const unanswered = unansweredFinding(exchange);
  if (unanswered) return [unanswered];
  const result = exchange.answer.kind === 'result' ? exchange.answer.result : undefined;
  const completion = isRecord(result) ? result.completion : undefined;
  if (!isRecord(completion)) return [fail('The completion/complete result has no "completion" object.')];
  const { values, total, hasMore } = completion;
  if (!Array.isArray(values)) return [fail('completion.values is not an array.')];
  const findings: Finding[] = [];
  if (values.some((value) => typeof value !== 'string')) findings.push(fail('completion.values holds entries that are not strings.'));
  if (values.length > 100) findings.push(fail(`completion.values has ${values.length} entries; the spec allows at most 100 per response.`));
  if (total !== undefined && (typeof total !== 'number' || !Number.isInteger(total) || total < 0))
    findings.push(fail(`completion.total is ${quote(total, 30)}, not a count.`));
  if (hasMore !== undefined && typeof hasMore !== 'boolean')
    findings.push(fail(`completion.hasMore is ${quote(hasMore, 30)}, not a boolean.`));
  if (findings.length === 0) findings.push(pass(`completion/complete answered ${plural(values.length, 'value')}.`));
  return findings;
}
