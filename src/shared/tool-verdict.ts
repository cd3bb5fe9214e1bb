/**
 * One verdict on a tools/call result, for every place that judges one: the Tools tab and the CLI (through
 * the engine's call, `engine/features/tool-outcome.ts`) and the audit's `tool-calls` check
 * (`engine/audit/judge/tool-call.ts`). The same result is judged the same way in all three: well-formed
 * content items, structuredContent against the tool's outputSchema, and `isError`.
 *
 * The JSON Schema validator comes in as a parameter: it is Ajv in the engine, which `shared/` cannot import
 * and the worker loads only when a tool declares an outputSchema.
 */
import { isRecord } from './read.ts';

export type SchemaCheck = (value: unknown, schema: Record<string, unknown>) => { errors: string[]; notes: string[] };

/**
 * `broken`: the result breaks the spec or the tool's own outputSchema, whatever else it says. `tool-error`:
 * a well-formed result with `isError`, the tool saying it failed, which the spec allows. `ok`: neither.
 */
export type ToolVerdict = 'ok' | 'tool-error' | 'broken';

export interface ToolResultJudgement {
  verdict: ToolVerdict;
  isError: boolean;
  /** How the result breaks the spec's shape: no content array, or a content item without its fields. */
  contentProblems: string[];
  /** Content types this revision does not define: shown as they are, not a fault. */
  unknownContentTypes: string[];
  /** Where structuredContent breaks the outputSchema, or is missing though one is declared. */
  outputSchemaErrors: string[];
  /** What the outputSchema check could not check (e.g. a pattern the linear-time engine cannot run). */
  outputSchemaNotes: string[];
  /** The tool declares an outputSchema and the result is not an error, so structuredContent was checked. */
  outputSchemaChecked: boolean;
}

/** Past this many, a list of problems says how many more there were instead. */
const MAX_PROBLEMS = 20;

/** The fields each content type must carry as strings (2025-11-25 and 2026-07-28 alike). */
const CONTENT_FIELDS: Record<string, readonly string[]> = {
  text: ['text'],
  image: ['data', 'mimeType'],
  audio: ['data', 'mimeType'],
  resource_link: ['uri', 'name'],
};

const isKnownType = (type: unknown) => type === 'resource' || (typeof type === 'string' && Object.hasOwn(CONTENT_FIELDS, type));

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
  const missing = (isKnownType(item.type) ? (CONTENT_FIELDS[item.type] ?? []) : []).filter((field) => typeof item[field] !== 'string');
  return missing.length > 0 ? `is "${item.type}" without ${missing.map((field) => `"${field}"`).join(' and ')}` : undefined;
}

/** Whether judging this result needs the schema validator: the engine loads Ajv only then. */
export function needsSchemaCheck(result: Record<string, unknown>, outputSchema: unknown): boolean {
  return isRecord(outputSchema) && result.isError !== true && result.structuredContent !== undefined;
}

/** The verdict from its parts: what a saved result (which keeps only the parts) is shown by, too. */
export function verdictOf(parts: {
  isError: boolean;
  contentProblems?: readonly string[];
  outputSchemaErrors?: readonly string[];
}): ToolVerdict {
  if ((parts.contentProblems?.length ?? 0) > 0 || (parts.outputSchemaErrors?.length ?? 0) > 0) return 'broken';
  return parts.isError ? 'tool-error' : 'ok';
}

/**
 * Judges a tools/call result as the server sent it (before any bounding). `outputSchema` is the tool's from
 * its listing, when it declares one; `checkSchema` is called only when `needsSchemaCheck` says so.
 */
export function judgeToolResult(result: Record<string, unknown>, outputSchema: unknown, checkSchema: SchemaCheck): ToolResultJudgement {
  const isError = result.isError === true;
  const contentProblems: string[] = [];
  const unknownContentTypes: string[] = [];
  if (!Array.isArray(result.content)) contentProblems.push('the result has no "content" array');
  else {
    for (const [index, item] of result.content.entries()) {
      const problem = contentProblem(item);
      if (problem !== undefined) contentProblems.push(`content #${index + 1} ${problem}`);
      else if (isRecord(item) && !isKnownType(item.type) && !unknownContentTypes.includes(String(item.type)))
        unknownContentTypes.push(String(item.type));
    }
  }
  const judged = { isError, contentProblems: capped(contentProblems), unknownContentTypes: unknownContentTypes.slice(0, MAX_PROBLEMS) };
  const outputSchemaChecked = isRecord(outputSchema) && !isError;
  let schema: { errors: string[]; notes: string[] } = { errors: [], notes: [] };
  // An error result need not match: the tool said it failed, and its structured content (if any) is about that.
  if (outputSchemaChecked) {
    schema =
      result.structuredContent === undefined
        ? { errors: ['The tool declares an outputSchema but returned no structuredContent.'], notes: [] }
        : checkSchema(result.structuredContent, outputSchema);
  }
  const outputSchemaErrors = capped(schema.errors);
  return {
    verdict: verdictOf({ ...judged, outputSchemaErrors }),
    ...judged,
    outputSchemaErrors,
    outputSchemaNotes: schema.notes,
    outputSchemaChecked,
  };
}

function capped(list: string[]): string[] {
  return list.length > MAX_PROBLEMS ? [...list.slice(0, MAX_PROBLEMS), `and ${list.length - MAX_PROBLEMS} more`] : list;
}
