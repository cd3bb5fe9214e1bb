/**
 * A tools/call result as the UI shows it. Its own module because both a direct call (tools-calls.ts) and
 * a task's payload (tasks.ts) end here, and tools-calls.ts already depends on tasks.ts (loaded on first use).
 */
import { MISSING_RESULT_TYPE, WIRE_RESULT } from '../sdk/sdk-client.ts';
import { isRecord } from '../../shared/read.ts';
import { RESULT_JSON_BOUNDS, withinJsonBounds } from '../../shared/bounds.ts';
import type { ContentBlock, ToolCallOutcome } from '../../shared/model.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { judgeToolResult, needsSchemaCheck, type SchemaCheck } from '../../shared/tool-verdict.ts';

// Ajv (three dialects) and the linear-time pattern engine are most of the worker's weight, and only tools
// with an outputSchema need them: loaded on the first such result.
const loadOutputCheck = onFirstUse(() => import('./output-check.ts'), 'its outputSchema check');

/** A tools/call result (direct, or a task's payload) as the UI shows it, bounded and checked against the outputSchema. */
export async function shapeOutcome(
  result: Record<string, unknown>,
  extra: { durationMs: number; task?: TaskInfo; outputSchema?: Record<string, unknown> },
): Promise<ToolCallOutcome> {
  const outcome: ToolCallOutcome = {
    // The SDK's parse made this result for the engine alone: kept as is where it is within the bounds, not copied.
    content: (Array.isArray(result.content) ? result.content : []).map(
      (block) => withinJsonBounds(block, RESULT_JSON_BOUNDS) as ContentBlock,
    ),
    isError: result.isError === true,
    durationMs: extra.durationMs,
    ...(extra.task && { task: extra.task }),
  };
  if (result.structuredContent !== undefined) outcome.structuredContent = withinJsonBounds(result.structuredContent, RESULT_JSON_BOUNDS);
  // The one verdict the audit and the CLI give too (shared/tool-verdict.ts), on the result as it came.
  // The result as it came where requestMarked kept it: the SDK's parse fills in a missing content array.
  const wire = (result as { [WIRE_RESULT]?: unknown })[WIRE_RESULT];
  const judgedResult = isRecord(wire) ? wire : result;
  const schemaCheck = needsSchemaCheck(judgedResult, extra.outputSchema) ? (await loadOutputCheck()).checkStructuredContent : uncalled;
  const judged = judgeToolResult(judgedResult, extra.outputSchema, schemaCheck);
  if (judged.contentProblems.length > 0) outcome.contentProblems = judged.contentProblems;
  if (judged.outputSchemaErrors.length > 0) outcome.outputSchemaErrors = judged.outputSchemaErrors;
  if (judged.outputSchemaNotes.length > 0) outcome.outputSchemaNotes = judged.outputSchemaNotes;
  if (judged.outputSchemaChecked) outcome.outputSchemaChecked = true;
  if (Object.hasOwn(result, MISSING_RESULT_TYPE)) {
    outcome.specViolations = ['The result has no resultType, which MCP 2026-07-28 requires; it is shown as complete.'];
  }
  return outcome;
}

/** needsSchemaCheck said no: the judge has no schema to check against. */
const uncalled: SchemaCheck = () => {
  throw new Error('No outputSchema check was needed for this result.');
};
