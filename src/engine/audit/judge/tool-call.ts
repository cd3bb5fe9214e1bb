/**
 * What a tool the person ticked answered (the `tool-calls` check): a result whose content items are well
 * formed, whose structuredContent matches the outputSchema when the tool declares one. A result marked
 * `isError` is the tool saying it failed, which the spec allows: a warning (the person may have built poor
 * arguments), never a fail. The judging is `judgeToolResult` (shared/tool-verdict.ts), the one the Tools tab
 * and the CLI show; this file only words it as findings.
 */
import { isRecord } from '../../../shared/read.ts';
import { judgeToolResult } from '../../../shared/tool-verdict.ts';
import { checkStructuredContent } from '../../features/output-check.ts';
import type { Exchange } from '../exchange.ts';
import { unansweredFinding, wireResult } from './answer.ts';
import { fail, note, pass, quote, warn, type Finding } from './findings.ts';

/** The findings for one call of the tool `name`; `outputSchema` when the tool declares one. */
export function judgeToolCall(name: string, exchange: Exchange, outputSchema: unknown): Finding[] {
  const unanswered = unansweredFinding(exchange);
  if (unanswered) return [unanswered];
  const result = wireResult(exchange);
  if (!isRecord(result)) return [fail(`${quote(name)} answered ${quote(result, 40)}, not a result object.`)];
  if (typeof result.resultType === 'string' && result.resultType !== 'complete')
    return [note(`${quote(name)} answered with resultType ${quote(result.resultType)}; the audit does not follow it further.`)];
  const judged = judgeToolResult(result, outputSchema, checkStructuredContent);
  const findings: Finding[] = [];
  const [firstProblem, ...moreProblems] = judged.contentProblems;
  if (firstProblem !== undefined)
    findings.push(fail(`${quote(name)}: ${firstProblem}${moreProblems.length > 0 ? ` (and ${moreProblems.length} more)` : ''}.`));
  if (judged.unknownContentTypes.length > 0)
    findings.push(note(`${quote(name)}: content of a type this revision does not define (${quote(judged.unknownContentTypes[0])}).`));
  if (isRecord(outputSchema) && judged.isError) findings.push(note(`${quote(name)}: an error result need not match the outputSchema.`));
  if (judged.outputSchemaErrors.length > 0) {
    const first = judged.outputSchemaErrors[0]!;
    findings.push(
      fail(
        result.structuredContent === undefined
          ? `${quote(name)} declares an outputSchema but sent no structuredContent.`
          : `${quote(name)}: structuredContent does not match its outputSchema: ${first}.`,
      ),
    );
  }
  if (judged.isError) {
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
