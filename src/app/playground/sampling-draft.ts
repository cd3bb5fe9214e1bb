/**
 * A sampling request (2025 `sampling/createMessage`, or a 2026-07-28 input round's `createMessage`: the
 * same params) as one model step of the Playground's provider, and the model's answer as a draft reply the
 * person edits before Approve. Pure: the commands (sampling-commands.ts) run the step.
 *
 * Mapped: `messages` (text; `tool_use` → the assistant's tool calls; `tool_result` → tool results; images
 * and audio become a line saying they were not sent), `systemPrompt`, `maxTokens`, and `tools` when the
 * connection declared `sampling.tools` and `toolChoice` is not `none`. Not mapped: `temperature`,
 * `stopSequences`, `modelPreferences` (the person chose the model), `includeContext`, `metadata`.
 */
import type { ChatMessage, ChatTool, ChatToolCall, DraftContent, ModelTurnResult, SamplingDraft } from '../../shared/playground.ts';

export type { SamplingDraft };
import { isRecord } from '../../shared/read.ts';

/** A model answer cannot ask for more than this, whatever the server put in `maxTokens`. */
const MAX_SAMPLING_TOKENS = 16_384;
const DEFAULT_SAMPLING_TOKENS = 1_024;

type Params = Record<string, unknown>;

export interface SamplingTurn {
  system?: string;
  messages: ChatMessage[];
  tools: ChatTool[];
  maxTokens: number;
}

const blocksOf = (content: unknown): Params[] => (Array.isArray(content) ? content : [content]).filter(isRecord);

/** Text for the model from content blocks it cannot take as they are. */
function blockText(block: Params): string {
  if (block.type === 'text' && typeof block.text === 'string') return block.text;
  const mime = typeof block.mimeType === 'string' ? ` ${block.mimeType}` : '';
  return `[${String(block.type)}${mime} content, not sent to the model]`;
}

/** Whether this request's tools may be used in the reply: declared `sampling.tools`, offered, and not `toolChoice: none`. */
export function samplingToolsUsable(params: Params, toolsAllowed: boolean | undefined): boolean {
  const mode = isRecord(params.toolChoice) ? params.toolChoice.mode : undefined;
  return toolsAllowed === true && Array.isArray(params.tools) && params.tools.length > 0 && mode !== 'none';
}

export function samplingTurn(params: Params, toolsUsable: boolean): SamplingTurn {
  const messages: ChatMessage[] = [];
  const toolNames = new Map<string, string>();
  for (const message of Array.isArray(params.messages) ? params.messages.filter(isRecord) : []) {
    const blocks = blocksOf(message.content);
    if (message.role === 'assistant') {
      const toolCalls: ChatToolCall[] = [];
      const texts: string[] = [];
      for (const block of blocks) {
        if (block.type === 'tool_use' && typeof block.id === 'string' && typeof block.name === 'string') {
          toolNames.set(block.id, block.name);
          toolCalls.push({ id: block.id, name: block.name, arguments: isRecord(block.input) ? block.input : {} });
        } else texts.push(blockText(block));
      }
      messages.push({ role: 'assistant', text: texts.join('\n'), toolCalls });
      continue;
    }
    const texts: string[] = [];
    for (const block of blocks) {
      if (block.type === 'tool_result' && typeof block.toolUseId === 'string') {
        messages.push({
          role: 'tool',
          callId: block.toolUseId,
          name: toolNames.get(block.toolUseId) ?? 'tool',
          text:
            [
              ...blocksOf(block.content).map(blockText),
              ...(block.structuredContent !== undefined ? [JSON.stringify(block.structuredContent)] : []),
            ].join('\n') || '(no content)',
          isError: block.isError === true,
        });
      } else texts.push(blockText(block));
    }
    if (texts.length > 0) messages.push({ role: 'user', text: texts.join('\n') });
  }
  const tools: ChatTool[] = toolsUsable
    ? (params.tools as unknown[]).filter(isRecord).flatMap((tool) =>
        typeof tool.name === 'string'
          ? [
              {
                name: tool.name,
                ...(typeof tool.description === 'string' && { description: tool.description }),
                inputSchema: isRecord(tool.inputSchema) ? tool.inputSchema : { type: 'object' },
              },
            ]
          : [],
      )
    : [];
  const asked =
    typeof params.maxTokens === 'number' && Number.isFinite(params.maxTokens) ? Math.floor(params.maxTokens) : DEFAULT_SAMPLING_TOKENS;
  return {
    ...(typeof params.systemPrompt === 'string' && params.systemPrompt !== '' && { system: params.systemPrompt }),
    messages,
    tools,
    maxTokens: Math.min(Math.max(asked, 1), MAX_SAMPLING_TOKENS),
  };
}

/** Each provider's words for why it stopped, in MCP's (`endTurn`, `maxTokens`, `stopSequence`, `toolUse`). */
const STOP_REASONS: Record<string, string> = {
  stop: 'endTurn',
  end_turn: 'endTurn',
  STOP: 'endTurn',
  length: 'maxTokens',
  max_tokens: 'maxTokens',
  MAX_TOKENS: 'maxTokens',
  stop_sequence: 'stopSequence',
  tool_calls: 'toolUse',
  tool_use: 'toolUse',
};

export function samplingDraft(answer: Pick<ModelTurnResult, 'text' | 'toolCalls' | 'stopReason'>, model: string): SamplingDraft {
  const content: DraftContent[] = [
    ...(answer.text !== '' || answer.toolCalls.length === 0 ? [{ type: 'text' as const, text: answer.text }] : []),
    ...answer.toolCalls.map((call) => ({ type: 'tool_use' as const, id: call.id, name: call.name, input: call.arguments })),
  ];
  const stopReason =
    answer.toolCalls.length > 0 ? 'toolUse' : (answer.stopReason !== undefined && STOP_REASONS[answer.stopReason]) || 'endTurn';
  return { model, stopReason, content };
}

/** The `CreateMessageResult` to approve: one content block, or a list when tools were usable (older servers expect one). */
export function samplingResult(draft: SamplingDraft, toolsUsable: boolean): Params {
  const content = draft.content.map((block) => ({ ...block }));
  return {
    role: 'assistant',
    model: draft.model,
    stopReason: draft.stopReason,
    content: content.length === 1 && !toolsUsable ? content[0] : content,
  };
}
