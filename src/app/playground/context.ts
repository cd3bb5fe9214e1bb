/**
 * The server's prompts and resources as context for the Playground's model: what `prompts/get` and
 * `resources/read` return, turned into text the model is sent. Only text reaches the model; an image, audio
 * or a blob is named with its type and left out, and the chip says so. The context goes with every model
 * step, in front of the conversation's first message, so removing a chip takes it out of the next step.
 */
import type { ContentBlock } from '../../shared/model.ts';
import type { ChatMessage } from '../../shared/playground.ts';
import type { PromptGetResult } from '../../shared/prompts-api.ts';
import { formatCount, plural } from '../../shared/read.ts';
import type { ResourceReadResult } from '../../shared/resources-api.ts';
import type { PlaygroundContext } from '../../state/index.ts';

/** What one chip sends at most: context is for a page or two, not a whole database. */
const MAX_CONTEXT_CHARS = 20_000;

type Made = Omit<PlaygroundContext, 'id'>;

function bounded(label: string, kind: Made['kind'], parts: string[], leftOut: string[]): Made {
  let text = parts.join('\n');
  const notes = [...leftOut];
  if (text.length > MAX_CONTEXT_CHARS) {
    notes.push(`cut to ${formatCount(MAX_CONTEXT_CHARS)} of ${formatCount(text.length)} characters`);
    text = `${text.slice(0, MAX_CONTEXT_CHARS)}\n[cut]`;
  }
  return { kind, label, text, ...(notes.length > 0 && { note: notes.join('; ') }) };
}

/** A non-text block, named for the model and counted for the chip. */
function describe(block: ContentBlock, leftOut: Map<string, number>): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  if (block.type === 'resource' && typeof block.resource === 'object' && block.resource !== null) {
    const resource = block.resource as { uri?: unknown; text?: unknown; mimeType?: unknown };
    if (typeof resource.text === 'string') return resource.text;
    leftOut.set('blob', (leftOut.get('blob') ?? 0) + 1);
    return `[embedded resource ${String(resource.uri)}: binary, not sent to the model]`;
  }
  if (block.type === 'resource_link') return `[resource link: ${String(block.uri)}]`;
  leftOut.set(block.type, (leftOut.get(block.type) ?? 0) + 1);
  const mime = typeof block.mimeType === 'string' ? ` ${block.mimeType}` : '';
  return `[${block.type}${mime}: not sent to the model]`;
}

const leftOutWords = (leftOut: Map<string, number>) => [...leftOut].map(([type, n]) => `${plural(n, type)} left out`);

/** `prompts/get`'s messages as context: each with its role, text only. */
export function promptContext(name: string, args: Record<string, string>, result: PromptGetResult): Made {
  const given = Object.entries(args).filter(([, value]) => value !== '');
  const label = given.length === 0 ? name : `${name}(${given.map(([key, value]) => `${key}=${value}`).join(', ')})`;
  const leftOut = new Map<string, number>();
  const parts = result.messages.map((message) => `${message.role}: ${describe(message.content, leftOut)}`);
  if (parts.length === 0) parts.push('(the prompt has no messages)');
  return bounded(label, 'prompt', parts, leftOutWords(leftOut));
}

/** `resources/read`'s contents as context: text as read, a blob named with its type and size. */
export function resourceContext(uri: string, result: ResourceReadResult): Made {
  const leftOut = new Map<string, number>();
  const parts = result.contents.map((content) => {
    if (typeof content.text === 'string') return content.text;
    leftOut.set('blob', (leftOut.get('blob') ?? 0) + 1);
    const size = content.blobBytes !== undefined ? `, ${formatCount(content.blobBytes)} bytes` : '';
    return `[binary content ${content.mimeType ?? ''}${size}: not sent to the model]`;
  });
  if (parts.length === 0) parts.push('(the resource has no contents)');
  const cut = result.contents.some((content) => content.textTruncatedFrom !== undefined) ? ['text cut when read'] : [];
  return bounded(uri, 'resource', parts, [...leftOutWords(leftOut), ...cut]);
}

/**
 * The messages with the context in front of the first user message (one user message, not two in a row:
 * Anthropic's Messages API wants the roles to alternate).
 */
export function withContext(
  messages: readonly ChatMessage[],
  context: readonly Pick<PlaygroundContext, 'kind' | 'label' | 'text'>[],
): ChatMessage[] {
  const first = messages.findIndex((message) => message.role === 'user');
  if (context.length === 0 || first < 0) return [...messages];
  const blocks = context.map((chip) => `<context ${chip.kind}="${chip.label.replaceAll('"', "'")}">\n${chip.text}\n</context>`);
  const preamble = `The person attached this context from the MCP server:\n\n${blocks.join('\n\n')}\n\n`;
  return messages.map((message, index) =>
    index === first && message.role === 'user' ? { role: 'user', text: preamble + message.text } : message,
  );
}
