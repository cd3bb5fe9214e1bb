/**
 * Rebuilding the Tools, Resources and Prompts tabs of a saved session. The UI collects what the file
 * recorded — each list, read and get request with its response, and the lists the file stores as a snapshot —
 * and the engine reads them with the same code that reads a live server's answers, so a replayed tool list
 * is exactly what the live one was, and an untrusted file gets the same defensive reading.
 */
import type { ToolList } from './model.ts';
import type { PromptGetResult, PromptList } from './prompts-api.ts';
import type { ResourceList, ResourceReadResult, ResourceTemplateList } from './resources-api.ts';

export const REPLAY_LIST_METHODS = ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list'] as const;
export type ReplayListMethod = (typeof REPLAY_LIST_METHODS)[number];
export const REPLAY_METHODS: readonly string[] = [...REPLAY_LIST_METHODS, 'resources/read', 'prompts/get'];

/** A request the session made and the result (or JSON-RPC error) it got, as logged. */
export interface RecordedCall {
  method: string;
  params: unknown;
  result: unknown;
  /** Set when the server answered with a JSON-RPC error instead of a result. */
  error?: RecordedError;
  time: number;
  latencyMs?: number;
}

/** A list as the session last saw it (all pages), stored in the file so an evicted log still rebuilds it. */
interface ListSnapshot {
  pages: number;
  items: unknown[];
}

export type ListSnapshots = Partial<Record<ReplayListMethod, ListSnapshot>>;

interface RecordedError {
  code: number;
  message: string;
}

/** One prompts/get of the session: its result, or the error the server answered with. */
export interface RecordedPromptGet {
  name: string;
  arguments: Record<string, string>;
  time: number;
  result?: PromptGetResult;
  error?: RecordedError;
}

/** The last resources/read of a URI: its contents, or the error the server answered with. */
export interface RecordedRead {
  uri: string;
  time: number;
  result?: ResourceReadResult;
  error?: RecordedError;
}

export interface ReplayCatalog {
  /** null: the file holds no listing of this kind (never listed, or evicted from a file without a snapshot). */
  tools: ToolList | null;
  resources: ResourceList | null;
  templates: ResourceTemplateList | null;
  prompts: PromptList | null;
  /** The last read of each URI, in the order first read. */
  reads: RecordedRead[];
  /** Every prompts/get, oldest first. */
  promptGets: RecordedPromptGet[];
}

export interface ReplayApi {
  /** Reads recorded calls and snapshots like live answers. No server traffic; works while disconnected. */
  readRecording: { params: { calls: RecordedCall[]; lists: ListSnapshots }; result: ReplayCatalog };
}

export const EMPTY_CATALOG: ReplayCatalog = { tools: null, resources: null, templates: null, prompts: null, reads: [], promptGets: [] };
