/** Tool listing and calling, on the SDK client, shaped for the inspector. */
import type { Client } from '@modelcontextprotocol/client';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/client/validators/cf-worker';
import { boundJson, RESULT_JSON_BOUNDS } from '../../shared/bounds.ts';
import type { ContentBlock, Tool, ToolCallOutcome, ToolCallParams, ToolList } from '../../shared/model.ts';
import { readIcons } from '../session.ts';

/** A server whose cursors never end would keep us paging forever. */
const MAX_LIST_PAGES = 100;

export async function listAllTools(client: Client, options: { signal?: AbortSignal; note: (text: string) => void }): Promise<ToolList> {
  const tools: Tool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, { signal: options.signal });
    pages += 1;
    tools.push(...(page.tools as unknown[]).flatMap(readTool));
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
    if (cursor !== undefined && seenCursors.has(cursor)) {
      options.note(`tools/list returned cursor ${JSON.stringify(cursor)} twice; stopped paging to avoid a loop.`);
      break;
    }
    if (cursor !== undefined) seenCursors.add(cursor);
    if (pages >= MAX_LIST_PAGES && cursor !== undefined) {
      options.note(`tools/list still had more pages after ${MAX_LIST_PAGES}; stopped paging.`);
      break;
    }
  } while (cursor !== undefined);
  return { tools, pages };
}

function readTool(value: unknown): Tool[] {
  if (typeof value !== 'object' || value === null) return [];
  const raw = value as Record<string, unknown>;
  if (typeof raw.name !== 'string') return [];
  const schema = (v: unknown) => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (boundJson(v) as Record<string, unknown>) : undefined);
  const annotations = schema(raw.annotations);
  const execution = schema(raw.execution);
  const outputSchema = schema(raw.outputSchema);
  return [
    {
      name: raw.name,
      ...(typeof raw.title === 'string' && { title: raw.title }),
      ...(typeof raw.description === 'string' && { description: raw.description }),
      // Kept verbatim (bounded): the form is generated from exactly what the server declared.
      inputSchema: schema(raw.inputSchema) ?? { type: 'object' },
      ...(outputSchema !== undefined && { outputSchema }),
      ...(annotations !== undefined && { annotations }),
      ...(execution !== undefined && { execution }),
      icons: readIcons(raw.icons),
    },
  ];
}

export interface CallToolOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  maxTotalTimeoutMs: number;
  outputSchema?: Record<string, unknown>;
  now: () => number;
}

export async function callTool(client: Client, params: ToolCallParams, options: CallToolOptions): Promise<ToolCallOutcome> {
  const started = options.now();
  // tools/call through request(), not callTool(): callTool throws when structuredContent does not match the
  // outputSchema, and an inspector must show that result beside the mismatch, not instead of it.
  const result = await client.request(
    { method: 'tools/call', params: { name: params.name, arguments: params.arguments } },
    {
      ...(options.signal && { signal: options.signal }),
      // Giving the SDK a progress callback makes it put a progressToken (the request id) on the call and
      // route notifications/progress to it; the log shows them either way.
      onprogress: () => undefined,
      timeout: options.timeoutMs,
      resetTimeoutOnProgress: true,
      maxTotalTimeout: options.maxTotalTimeoutMs,
    },
  );
  const outcome: ToolCallOutcome = {
    content: (Array.isArray(result.content) ? result.content : []).map((block) => boundJson(block, RESULT_JSON_BOUNDS) as ContentBlock),
    isError: result.isError === true,
    durationMs: options.now() - started,
  };
  if (result.structuredContent !== undefined) outcome.structuredContent = boundJson(result.structuredContent, RESULT_JSON_BOUNDS);
  const errors = checkOutput(result.structuredContent, result.isError === true, options.outputSchema);
  if (errors.length > 0) outcome.outputSchemaErrors = errors;
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
