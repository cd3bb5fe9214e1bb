/**
 * A tools/call result as the UI shows it. Its own module because both a direct call (tools-calls.ts) and
 * a task's payload (tasks.ts) end here, and tools-calls.ts already depends on tasks.ts (loaded on first use).
 */
import { MISSING_RESULT_TYPE } from '../sdk/sdk-client.ts';
import { boundJson, RESULT_JSON_BOUNDS } from '../../shared/bounds.ts';
import type { ContentBlock, ToolCallOutcome } from '../../shared/model.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { onFirstUse } from '../lazy.ts';
import type { OutputCheck } from './output-check.ts';

// Ajv (three dialects) and the linear-time pattern engine are most of the worker's weight, and only tools
// with an outputSchema need them: loaded on the first such result.
const loadOutputCheck = onFirstUse(() => import('./output-check.ts'), 'its outputSchema check');

/** A tools/call result (direct, or a task's payload) as the UI shows it, bounded and checked against the outputSchema. */
export async function shapeOutcome(
  result: Record<string, unknown>,
  extra: { durationMs: number; task?: TaskInfo; outputSchema?: Record<string, unknown> },
): Promise<ToolCallOutcome> {
  const outcome: ToolCallOutcome = {
    content: (Array.isArray(result.content) ? result.content : []).map((block) => boundJson(block, RESULT_JSON_BOUNDS) as ContentBlock),
    isError: result.isError === true,
    durationMs: extra.durationMs,
    ...(extra.task && { task: extra.task }),
  };
  if (result.structuredContent !== undefined) outcome.structuredContent = boundJson(result.structuredContent, RESULT_JSON_BOUNDS);
  const { errors, notes } = await checkOutput(result.structuredContent, result.isError === true, extra.outputSchema);
  if (errors.length > 0) outcome.outputSchemaErrors = errors;
  if (notes.length > 0) outcome.outputSchemaNotes = notes;
  if (extra.outputSchema !== undefined && outcome.isError === false) outcome.outputSchemaChecked = true;
  if (Object.hasOwn(result, MISSING_RESULT_TYPE)) {
    outcome.specViolations = ['The result has no resultType, which MCP 2026-07-28 requires; it is shown as complete.'];
  }
  return outcome;
}

/** The spec: a tool with an outputSchema must return conforming structuredContent (unless it reports an error). */
async function checkOutput(structured: unknown, isError: boolean, outputSchema: Record<string, unknown> | undefined): Promise<OutputCheck> {
  if (outputSchema === undefined || isError) return { errors: [], notes: [] };
  if (structured === undefined) return { errors: ['The tool declares an outputSchema but returned no structuredContent.'], notes: [] };
  const { checkStructuredContent } = await loadOutputCheck();
  return checkStructuredContent(structured, outputSchema);
}
