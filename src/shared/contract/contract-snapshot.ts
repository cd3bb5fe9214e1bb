/**
 * A server's contract: what its clients depend on (tools with their input and output schemas and hints,
 * prompts and their arguments, resources, resource templates), and nothing that changes from one listing
 * to the next (sizes, dates, icons, cache hints, the session). Keys are sorted, so two snapshots of the
 * same server are the same bytes and a snapshot kept in git diffs line by line. The file's JSON Schema is
 * published with the app, beside the collection's (`CONTRACT_SCHEMA_PATH` under public/).
 */
import type { ProtocolEra } from '../model.ts';
import { isRecord, str } from '../read.ts';

const CONTRACT_FORMAT = 'mcp-lens-contract';
const CONTRACT_VERSION = 1;
/** Where the app serves the file's JSON Schema, relative to its base (the file is public/ + this). */
export const CONTRACT_SCHEMA_PATH = 'schemas/mcp-lens-contract-v1.schema.json';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface ToolHints {
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface ToolContract {
  title?: string;
  description?: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: ToolHints;
  taskSupport?: string;
}

interface PromptArgumentContract {
  required: boolean;
  title?: string;
  description?: string;
}

export interface PromptContract {
  title?: string;
  description?: string;
  arguments: Record<string, PromptArgumentContract>;
}

export interface ResourceContract {
  name: string;
  title?: string;
  description?: string;
  mimeType?: string;
}

export interface ContractSnapshot {
  format: typeof CONTRACT_FORMAT;
  version: typeof CONTRACT_VERSION;
  server: { name: string; version: string };
  era: ProtocolEra;
  protocolVersion: string;
  /** By name. */
  tools: Record<string, ToolContract>;
  /** By name. */
  prompts: Record<string, PromptContract>;
  /** By URI. */
  resources: Record<string, ResourceContract>;
  /** By URI template. */
  resourceTemplates: Record<string, ResourceContract>;
}

/** What a snapshot is taken from: the engine's listings (or anything shaped like them). */
export interface ContractSurface {
  server: { name: string; version: string };
  era: ProtocolEra;
  protocolVersion: string;
  tools: readonly {
    name: string;
    title?: string;
    description?: string;
    inputSchema: Record<string, unknown>;
    outputSchema?: Record<string, unknown>;
    annotations?: ToolHints & { title?: string };
    execution?: { taskSupport?: string };
  }[];
  prompts: readonly {
    name: string;
    title?: string;
    description?: string;
    arguments: readonly { name: string; title?: string; description?: string; required: boolean }[];
  }[];
  resources: readonly { uri: string; name: string; title?: string; description?: string; mimeType?: string }[];
  templates: readonly { uriTemplate: string; name: string; title?: string; description?: string; mimeType?: string }[];
}

const HINTS = ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const;

/** The snapshot of a surface: deterministic for the same surface, whatever order the server listed it in. */
export function snapshotOf(surface: ContractSurface): ContractSnapshot {
  return {
    format: CONTRACT_FORMAT,
    version: CONTRACT_VERSION,
    server: { name: surface.server.name, version: surface.server.version },
    era: surface.era,
    protocolVersion: surface.protocolVersion,
    tools: byKey(surface.tools, (t) => t.name, toolContract),
    prompts: byKey(
      surface.prompts,
      (p) => p.name,
      (p) => ({
        ...words(p),
        arguments: byKey(
          p.arguments,
          (a) => a.name,
          (a) => ({ required: a.required, ...words(a) }),
        ),
      }),
    ),
    resources: byKey(surface.resources, (r) => r.uri, resourceContract),
    resourceTemplates: byKey(surface.templates, (t) => t.uriTemplate, resourceContract),
  };
}

function toolContract(tool: ContractSurface['tools'][number]): ToolContract {
  // The annotations' title is a title like the tool's own: a person's word, compared as one.
  const title = tool.title ?? tool.annotations?.title;
  const hints = Object.fromEntries(
    HINTS.flatMap((hint) => (typeof tool.annotations?.[hint] === 'boolean' ? [[hint, tool.annotations[hint]]] : [])),
  );
  return {
    ...(title !== undefined && { title }),
    ...(tool.description !== undefined && { description: tool.description }),
    inputSchema: canonical(tool.inputSchema) as JsonObject,
    ...(tool.outputSchema && { outputSchema: canonical(tool.outputSchema) as JsonObject }),
    ...(Object.keys(hints).length > 0 && { annotations: hints }),
    ...(tool.execution?.taskSupport !== undefined && { taskSupport: tool.execution.taskSupport }),
  };
}

function resourceContract(item: ContractSurface['resources'][number] | ContractSurface['templates'][number]): ResourceContract {
  return { name: item.name, ...words(item), ...(item.mimeType !== undefined && { mimeType: item.mimeType }) };
}

const words = (item: { title?: string; description?: string }) => ({
  ...(item.title !== undefined && { title: item.title }),
  ...(item.description !== undefined && { description: item.description }),
});

/** A record of items by key, in sorted key order; a key listed twice keeps its first item, as clients would. */
function byKey<T, V>(items: readonly T[], keyOf: (item: T) => string, valueOf: (item: T) => V): Record<string, V> {
  const entries = new Map<string, V>();
  for (const item of items) if (!entries.has(keyOf(item))) entries.set(keyOf(item), valueOf(item));
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * JSON with object keys sorted at every depth and each `required` list sorted (a set: its order means
 * nothing), so equal schemas are equal text. Other arrays keep their order.
 */
function canonical(value: unknown): Json {
  if (Array.isArray(value)) return value.map(canonical);
  if (!isRecord(value)) return typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? value : null;
  const out: JsonObject = {};
  for (const key of Object.keys(value).sort()) {
    const item = value[key];
    if (item === undefined) continue;
    out[key] = key === 'required' && Array.isArray(item) && item.every((x) => typeof x === 'string') ? [...item].sort() : canonical(item);
  }
  return out;
}

/** The file's text: two-space indent and a final newline, as a text file in git wants. */
export const snapshotText = (snapshot: ContractSnapshot): string => `${JSON.stringify(snapshot, null, 2)}\n`;

/**
 * Reads a snapshot file. Throws an Error that says what is wrong and what to do; a file of another
 * version or a hand-edit that breaks the shape is refused rather than compared wrongly.
 */
export function readSnapshot(text: string, name = 'the file'): ContractSnapshot {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new Error(`${name} is not JSON (${(error as Error).message}). Write one with "mcp-lens snapshot <url> --out <file>".`, {
      cause: error,
    });
  }
  if (!isRecord(doc) || doc.format !== CONTRACT_FORMAT)
    throw new Error(
      `${name} is not a contract snapshot (no "format": "${CONTRACT_FORMAT}"). Write one with "mcp-lens snapshot <url> --out <file>".`,
    );
  if (doc.version !== CONTRACT_VERSION)
    throw new Error(
      `${name} is a contract snapshot of version ${JSON.stringify(doc.version)}; this MCP Lens reads version ${CONTRACT_VERSION}. Take the snapshot again with this version.`,
    );
  const problem = shapeProblem(doc);
  if (problem) throw new Error(`${name} is not a well-formed contract snapshot: ${problem}.`);
  return doc as unknown as ContractSnapshot;
}

function shapeProblem(doc: Record<string, unknown>): string | undefined {
  if (!isRecord(doc.server) || str(doc.server.name) === undefined || str(doc.server.version) === undefined)
    return '"server" needs a "name" and a "version"';
  if (doc.era !== 'modern' && doc.era !== 'legacy') return '"era" is "modern" or "legacy"';
  if (str(doc.protocolVersion) === undefined) return '"protocolVersion" is a string';
  for (const part of ['tools', 'prompts', 'resources', 'resourceTemplates'] as const) {
    const items = doc[part];
    if (!isRecord(items)) return `"${part}" is an object`;
    for (const [key, item] of Object.entries(items)) {
      if (!isRecord(item)) return `"${part}/${key}" is an object`;
      if (part === 'tools' && !isRecord(item.inputSchema)) return `tool "${key}" has no "inputSchema" object`;
      if (part === 'tools' && item.outputSchema !== undefined && !isRecord(item.outputSchema))
        return `tool "${key}": "outputSchema" is an object`;
      if (part === 'prompts' && !isRecord(item.arguments)) return `prompt "${key}" has no "arguments" object`;
      if ((part === 'resources' || part === 'resourceTemplates') && str(item.name) === undefined) return `"${part}/${key}" has no "name"`;
    }
  }
  return undefined;
}
