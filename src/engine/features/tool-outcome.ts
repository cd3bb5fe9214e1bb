/**
 * A tools/call result as the UI shows it. Its own module because both a direct call (tools-calls.ts) and
 * a task's payload (tasks.ts) end here, and tools-calls.ts already depends on tasks.ts.
 */
import { MISSING_RESULT_TYPE } from '../sdk-client.ts';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { boundJson, RESULT_JSON_BOUNDS } from '../../shared/bounds.ts';
import type { ContentBlock, ToolCallOutcome } from '../../shared/model.ts';
import type { TaskInfo } from '../../shared/tasks.ts';

/** A tools/call result (direct, or a task's payload) as the UI shows it, bounded and checked against the outputSchema. */
export function shapeOutcome(
  result: Record<string, unknown>,
  extra: { durationMs: number; task?: TaskInfo; outputSchema?: Record<string, unknown> },
): ToolCallOutcome {
  const outcome: ToolCallOutcome = {
    content: (Array.isArray(result.content) ? result.content : []).map((block) => boundJson(block, RESULT_JSON_BOUNDS) as ContentBlock),
    isError: result.isError === true,
    durationMs: extra.durationMs,
    ...(extra.task && { task: extra.task }),
  };
  if (result.structuredContent !== undefined) outcome.structuredContent = boundJson(result.structuredContent, RESULT_JSON_BOUNDS);
  const errors = checkOutput(result.structuredContent, result.isError === true, extra.outputSchema);
  if (errors.length > 0) outcome.outputSchemaErrors = errors;
  if (extra.outputSchema !== undefined && outcome.isError === false) outcome.outputSchemaChecked = true;
  if (Object.hasOwn(result, MISSING_RESULT_TYPE)) {
    outcome.specViolations = ['The result has no resultType, which MCP 2026-07-28 requires; it is shown as complete.'];
  }
  return outcome;
}

const validator = new CfWorkerJsonSchemaValidator();

/** The spec: a tool with an outputSchema must return conforming structuredContent (unless it reports an error). */
function checkOutput(structured: unknown, isError: boolean, outputSchema: Record<string, unknown> | undefined): string[] {
  if (outputSchema === undefined || isError) return [];
  if (structured === undefined) return ['The tool declares an outputSchema but returned no structuredContent.'];
  try {
    const check = validator.getValidator(outputSchema as never)(structured);
    return check.valid ? [] : [check.errorMessage ?? 'structuredContent does not match the outputSchema.'];
  } catch (error) {
    return [`The outputSchema could not be used for validation: ${error instanceof Error ? error.message : String(error)}`];
  }
}
