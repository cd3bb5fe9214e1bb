/**
 * A saved session's Tools, Resources and Prompts tabs, rebuilt from what the file recorded. The recorded
 * answers go through the same readers as live ones (bounds, malformed entries left out and counted), so a
 * replay shows what the live session showed, and a hand-edited or hostile file is read as defensively as a
 * hostile server.
 */
import { boundJson } from '../../shared/bounds.ts';
import type {
  ListSnapshots,
  RecordedCall,
  RecordedPromptGet,
  RecordedRead,
  ReplayApi,
  ReplayCatalog,
  ReplayListMethod,
} from '../../shared/replay-api.ts';
import type { Handlers } from './feature-context.ts';
import { readMessages, readPrompt } from './prompts.ts';
import { record, str } from '../../shared/read.ts';
import { readContents } from './resource-read.ts';
import { readResource, readTemplate } from './resources.ts';
import { readTool } from './tools-calls.ts';

const FIELD: Record<ReplayListMethod, string> = {
  'tools/list': 'tools',
  'resources/list': 'resources',
  'resources/templates/list': 'resourceTemplates',
  'prompts/list': 'prompts',
};

interface Listing {
  items: unknown[];
  pages: number;
}

/**
 * The last complete listing of a method: a request without a cursor starts one, each cursor request adds
 * a page. A listing that began but lost its first page to eviction is still taken, page count and all.
 */
function lastListing(calls: readonly RecordedCall[], method: ReplayListMethod): Listing | null {
  let current: Listing | null = null;
  let last: Listing | null = null;
  for (const call of calls) {
    if (call.method !== method || call.error) continue;
    const cursor = record(call.params)?.cursor;
    if (cursor === undefined || current === null) {
      current = { items: [], pages: 0 };
    }
    const page = record(call.result);
    const items = page && Array.isArray(page[FIELD[method]]) ? (page[FIELD[method]] as unknown[]) : [];
    current.items.push(...items);
    current.pages += 1;
    last = current;
  }
  return last;
}

function readList<T>(
  listing: Listing | null,
  read: (value: unknown) => T | undefined,
): { items: T[]; pages: number; skipped: number } | null {
  if (listing === null) return null;
  const items: T[] = [];
  let skipped = 0;
  for (const value of listing.items) {
    const item = read(boundJson(value));
    if (item === undefined) skipped += 1;
    else items.push(item);
  }
  return { items, pages: listing.pages, skipped };
}

export function readRecording(calls: readonly RecordedCall[], lists: ListSnapshots): ReplayCatalog {
  // The snapshot is what the UI held when the file was saved, so it is at least as recent as the log.
  const listing = (method: ReplayListMethod): Listing | null => {
    const snapshot = lists[method];
    if (snapshot && Array.isArray(snapshot.items))
      return { items: snapshot.items, pages: Number.isInteger(snapshot.pages) && snapshot.pages > 0 ? snapshot.pages : 1 };
    return lastListing(calls, method);
  };
  const tools = readList(listing('tools/list'), (value) => readTool(value)[0]);
  const resources = readList(listing('resources/list'), readResource);
  const templates = readList(listing('resources/templates/list'), readTemplate);
  const prompts = readList(listing('prompts/list'), readPrompt);

  const reads = new Map<string, RecordedRead>();
  const promptGets: RecordedPromptGet[] = [];
  for (const call of calls) {
    const params = record(call.params) ?? {};
    const durationMs = call.latencyMs ?? 0;
    if (call.method === 'resources/read') {
      const uri = str(params.uri);
      if (uri === undefined) continue;
      // A Map keeps the first insertion's place: re-reads update the entry where it was first read.
      reads.set(
        uri,
        call.error
          ? { uri, time: call.time, error: readError(call.error) }
          : { uri, time: call.time, result: { uri, ...readContents(call.result), durationMs } },
      );
    } else if (call.method === 'prompts/get') {
      const name = str(params.name);
      if (name === undefined) continue;
      const args = Object.fromEntries(
        Object.entries(record(params.arguments) ?? {}).filter((pair): pair is [string, string] => typeof pair[1] === 'string'),
      );
      promptGets.push({
        name,
        arguments: args,
        time: call.time,
        ...(call.error ? { error: readError(call.error) } : { result: { ...readMessages(call.result), durationMs } }),
      });
    }
  }
  return {
    tools: tools && { tools: tools.items, pages: tools.pages },
    resources: resources && { resources: resources.items, pages: resources.pages, skipped: resources.skipped },
    templates: templates && { templates: templates.items, pages: templates.pages, skipped: templates.skipped },
    prompts: prompts && { prompts: prompts.items, pages: prompts.pages, skipped: prompts.skipped },
    reads: [...reads.values()],
    promptGets,
  };
}

/** An error from the file, bounded like any server text. */
const readError = (error: unknown) => {
  const raw = record(error);
  const message = str(raw?.message) ?? '(no message)';
  return { code: typeof raw?.code === 'number' ? raw.code : 0, message: message.length > 2000 ? `${message.slice(0, 2000)}…` : message };
};

export function replayHandlers(): Handlers<ReplayApi> {
  return {
    async readRecording({ calls, lists }) {
      return readRecording(Array.isArray(calls) ? calls : [], record(lists) ?? {});
    },
  };
}
