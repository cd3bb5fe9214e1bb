/**
 * A Playground conversation as the session file keeps it: what the person saw (their messages, the model's
 * text, the tool cards with their results, the context that was attached), never the key. The provider's
 * base URL is kept with its credentials masked, the arguments and results with the session file's masks.
 * Reading one back (`readConversations`) checks every field, since a session file is untrusted input.
 */
import type { ToolCallOutcome } from '../model.ts';
import { PROVIDER_PRESETS, type ProviderKind } from '../playground.ts';
import { isRecord, num } from '../read.ts';
import { maskUrlCredentials, redactJson, redactUrlsIn } from '../redact.ts';

export type SavedConversationItem =
  | { kind: 'user'; text: string }
  | {
      kind: 'model';
      text: string;
      status: 'done' | 'stopped' | 'failed';
      usage?: { input: number; output: number };
      durationMs?: number;
      error?: string;
    }
  | {
      kind: 'tool';
      tool: string;
      arguments: unknown;
      status: 'done' | 'failed' | 'declined' | 'stopped';
      outcome?: ToolCallOutcome;
      note?: string;
      durationMs?: number;
    };

export interface SavedConversation {
  /** When the conversation began (ms since the epoch). */
  startedAt: number;
  provider: { kind: ProviderKind; model: string; baseUrl: string };
  /** The prompts and resources that were attached as context, by what names them (the text is not kept). */
  context: { kind: 'prompt' | 'resource'; label: string }[];
  items: SavedConversationItem[];
}

/** At most this many conversations per file, and this many items per conversation. */
const MAX_SAVED_CONVERSATIONS = 50;
const MAX_CONVERSATION_ITEMS = 500;

/** Masks a conversation on its way into a file, with the session file's own rules. */
export function redactConversation(conversation: SavedConversation): SavedConversation {
  return {
    ...conversation,
    provider: { ...conversation.provider, baseUrl: maskUrlCredentials(conversation.provider.baseUrl) },
    context: conversation.context.map((chip) => ({ ...chip, label: redactUrlsIn(chip.label) })),
    items: conversation.items.map((item) =>
      item.kind === 'tool'
        ? { ...item, arguments: redactJson(item.arguments), ...(item.outcome && { outcome: redactJson(item.outcome) as ToolCallOutcome }) }
        : item,
    ),
  };
}

/** The wire formats this MCP Lens speaks: a conversation saved with another one is left out. */
const KINDS: readonly ProviderKind[] = [...new Set(Object.values(PROVIDER_PRESETS).map((preset) => preset.kind))];
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) => (allowed.includes(value as T) ? (value as T) : undefined);

/** The conversations of a file's `playground` field: what has the wrong shape is left out and counted. */
/**
 * What reading a conversation needs of the session file's reader (`SessionFileReader` in
 * session-file-schema.ts), named here rather than imported: the schema reads conversations through this file,
 * and the two must not import each other.
 */
interface ConversationReader {
  drop(what: string, n?: number): void;
  text(value: unknown, max?: number): string | undefined;
  list<T>(value: unknown, max: number, what: string, read: (item: unknown) => T | undefined): T[];
  result(value: unknown): { arguments: unknown; outcome?: ToolCallOutcome } | undefined;
}

export function readConversations(reader: ConversationReader, value: unknown): SavedConversation[] | undefined {
  if (value === undefined) return undefined;
  if (!isRecord(value)) {
    reader.drop('Playground sections of the wrong shape');
    return undefined;
  }
  return reader.list(value.conversations, MAX_SAVED_CONVERSATIONS, 'saved Playground conversations', (c) => conversation(reader, c));
}

function conversation(reader: ConversationReader, value: unknown): SavedConversation | undefined {
  const provider = isRecord(value) ? value.provider : undefined;
  if (!isRecord(value) || !isRecord(provider)) return undefined;
  const kind = KINDS.find((known) => known === provider.kind);
  if (kind === undefined) return undefined;
  return {
    startedAt: num(value.startedAt) ?? 0,
    provider: {
      kind,
      model: reader.text(provider.model, 200) ?? '',
      // Masked again: a hand-made file may carry credentials the writer would have masked.
      baseUrl: maskUrlCredentials(reader.text(provider.baseUrl, 2048) ?? ''),
    },
    context: reader.list(value.context, 20, 'Playground context entries', (chip) => {
      if (!isRecord(chip)) return undefined;
      const chipKind = oneOf(chip.kind, ['prompt', 'resource'] as const);
      const label = reader.text(chip.label, 1024);
      return chipKind && label !== undefined ? { kind: chipKind, label } : undefined;
    }),
    items: reader.list(value.items, MAX_CONVERSATION_ITEMS, 'Playground conversation items', (item) => conversationItem(reader, item)),
  };
}

function conversationItem(reader: ConversationReader, value: unknown): SavedConversationItem | undefined {
  if (!isRecord(value)) return undefined;
  const durationMs = num(value.durationMs);
  if (value.kind === 'user') {
    const text = reader.text(value.text);
    return text === undefined ? undefined : { kind: 'user', text };
  }
  if (value.kind === 'model') {
    const text = reader.text(value.text);
    const status = oneOf(value.status, ['done', 'stopped', 'failed'] as const);
    if (text === undefined || status === undefined) return undefined;
    const usage = isRecord(value.usage) ? { input: num(value.usage.input) ?? 0, output: num(value.usage.output) ?? 0 } : undefined;
    const error = reader.text(value.error, 4096);
    return {
      kind: 'model',
      text,
      status,
      ...(usage && { usage }),
      ...(durationMs !== undefined && { durationMs }),
      ...(error !== undefined && { error }),
    };
  }
  if (value.kind === 'tool') {
    const tool = reader.text(value.tool, 1024);
    const status = oneOf(value.status, ['done', 'failed', 'declined', 'stopped'] as const);
    if (tool === undefined || status === undefined) return undefined;
    // The tool-result reader of the file checks the outcome block by block.
    const saved = reader.result({ tool, arguments: value.arguments, outcome: value.outcome });
    const note = reader.text(value.note, 4096);
    return {
      kind: 'tool',
      tool,
      arguments: saved?.arguments,
      status,
      ...(saved?.outcome && { outcome: saved.outcome }),
      ...(note !== undefined && { note }),
      ...(durationMs !== undefined && { durationMs }),
    };
  }
  return undefined;
}
