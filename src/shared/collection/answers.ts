/**
 * What the engine hands back, as a collection step's answer: a tool call's outcome (with the judgement the
 * Tools tab shows) or a failed request (a JSON-RPC error from the server, or no answer at all). The app and
 * `mcp-lens test` both turn the engine's words into steps' answers here, so a file gets the same verdicts.
 */
import type { EngineError } from '../errors.ts';
import type { ToolCallOutcome } from '../model.ts';
import { isRecord } from '../read.ts';
import { verdictOf, type ToolResultJudgement } from '../tool-verdict.ts';
import type { StepAnswer } from './judge.ts';

/** A tools/call outcome as the result the server sent (content, structuredContent, isError) and its judgement. */
export function toolAnswer(outcome: ToolCallOutcome): { answer: StepAnswer; tool: ToolResultJudgement } {
  const result = {
    content: outcome.content,
    ...(outcome.structuredContent !== undefined && { structuredContent: outcome.structuredContent }),
    isError: outcome.isError,
  };
  return {
    answer: { kind: 'result', result },
    tool: {
      verdict: verdictOf(outcome),
      isError: outcome.isError,
      contentProblems: outcome.contentProblems ?? [],
      unknownContentTypes: [],
      outputSchemaErrors: outcome.outputSchemaErrors ?? [],
      outputSchemaNotes: outcome.outputSchemaNotes ?? [],
      outputSchemaChecked: outcome.outputSchemaChecked === true,
    },
  };
}

/** A request that failed: the server's JSON-RPC error when it answered with one, else no answer and why. */
export function failedAnswer(error: unknown, why: string): StepAnswer {
  const { rpcCode, message, detail } = (isRecord(error) ? error : {}) as Partial<EngineError>;
  if (typeof rpcCode === 'number')
    return { kind: 'error', error: { code: rpcCode, message: message ?? '', ...(detail !== undefined && { data: detail }) } };
  return { kind: 'failed', message: why };
}
