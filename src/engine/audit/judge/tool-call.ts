/**
 * What a tool the person ticked answered (the `tool-calls` check): a result whose content items are well
 * formed, whose structuredContent matches the outputSchema when the tool declares one. A result marked
 * `isError` is the tool saying it failed, which the spec allows: a warning (the person may have built poor
 * arguments), never a fail.
 */
import { isRecord } from '../../../shared/read.ts';
import { checkStructuredContent } from '../../features/output-check.ts';
import type { Exchange } from '../exchange.ts';
import { unansweredFinding, wireResult } from './answer.ts';
import { fail, note, pass, positions, quote, warn, type Finding } from './findings.ts';

/** The fields each content type must carry as strings (2025-11-25 and 2026-07-28 alike). */
const CONTENT_FIELDS: Record<string, readonly string[]> = {
  text: ['text'],
  image: ['data', 'mimeType'],
  audio: ['data', 'mimeType'],
  resource_link: ['uri', 'name'],
};

/** Why one content item is malformed, or undefined when it is well formed (an unknown type is not judged here). */
export function contentProblem(item: unknown): string | undefined {
  if (!isRecord(item)) return 'is not an object';
  if (typeof item.type !== 'string') return 'has no "type" string';
  if (item.type === 'resource') {
    const { resource } = item;
    if (!isRecord(resource) || typeof resource.uri !== 'string') return 'is a "resource" without resource.uri';
    if (typeof resource.text !== 'string' && typeof resource.blob !== 'string') return 'is a "resource" with neither text nor blob';
    return undefined;
  }
  const missing = (CONTENT_FIELDS[item.type] ?? []).filter((field) => typeof item[field] !== 'string');
  return missing.length > 0 ? `is "${item.type}" without ${missing.map((field) => `"${field}"`).join(' and ')}` : undefined;
}

/** The findings for one call of the tool `name`; `outputSchema` when the tool declares one. */
export function judgeToolCall(name: string, exchange: Exchange, outputSchema: unknown): Finding[] {
  const unanswered = unansweredFinding(exchange);
  if (unanswered) return [unanswered];
  const result = wireResult(exchange);
  if (!isRecord(result)) return [fail(`${quote(name)} answered ${quote(result, 40)}, not a result object.`)];
  if (typeof result.resultType === 'string' && result.resultType !== 'complete')
    return [note(`${quote(name)} answered with resultType ${quote(result.resultType)}; the audit does not follow it further.`)];
  const findings: Finding[] = [];
  if (!Array.isArray(result.content)) findings.push(fail(`${quote(name)}: the result has no "content" array.`));
  else {
    const bad = result.content.flatMap((item, index) => {
      const problem = contentProblem(item);
      return problem === undefined ? [] : [{ index, problem }];
    });
    if (bad.length > 0) findings.push(fail(`${quote(name)}: content ${positions(bad.map((b) => b.index))} ${bad[0]!.problem}.`));
    const unknown = result.content.filter(
      (item) => isRecord(item) && typeof item.type === 'string' && !(item.type in CONTENT_FIELDS) && item.type !== 'resource',
    );
    if (unknown.length > 0)
      findings.push(
        note(`${quote(name)}: content of a type this revision does not define (${quote((unknown[0] as { type: string }).type)}).`),
      );
  }
  if (isRecord(outputSchema)) {
    if (result.isError === true) findings.push(note(`${quote(name)}: an error result need not match the outputSchema.`));
    else if (result.structuredContent === undefined)
      findings.push(fail(`${quote(name)} declares an outputSchema but sent no structuredContent.`));
    else {
      const { errors } = checkStructuredContent(result.structuredContent, outputSchema);
      if (errors.length > 0) findings.push(fail(`${quote(name)}: structuredContent does not match its outputSchema: ${errors[0]}.`));
    }
  }
  if (result.isError === true) {
    const text = Array.isArray(result.content) ? result.content.find((item) => isRecord(item) && typeof item.text === 'string') : undefined;
    findings.push(
      warn(
        `${quote(name)} reported an error (isError)${isRecord(text) ? `: ${quote(text.text)}` : ''}. Check the arguments it was called with.`,
      ),
    );
  }
  if (findings.every((finding) => finding.verdict === 'note')) findings.push(pass(`${quote(name)} answered a well-formed result.`));
  return findings;
}
