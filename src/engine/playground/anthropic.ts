/**
 * Anthropic Messages, streamed (`POST {baseUrl}/messages`, `stream: true`). Calls from a web page need the
 * documented `anthropic-dangerous-direct-browser-access: true` header, which says the key is the person's
 * own (as here), not a shared one shipped in a page. Text arrives in `text_delta`s, a tool call as a
 * `tool_use` block whose input streams as `input_json_delta` pieces, and `message_stop` ends the answer.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { ChatMessage, ChatToolCall, ModelTurnParams } from '../../shared/playground.ts';
import { maskKey, parseData, type ProviderCall, streamEvents, toolCallSlots } from './provider-http.ts';
import { readArguments, toolNames, type ToolNames } from './tool-names.ts';
import type { TurnAnswer, TurnOptions } from './turn.ts';

const ANTHROPIC_VERSION = '2023-06-01';

export async function anthropicTurn(params: ModelTurnParams, options: TurnOptions): Promise<TurnAnswer> {
  const { provider } = params;
  const names = toolNames(params.tools);
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/messages`;
  const origin = new URL(url).origin;
  const body = {
    model: provider.model,
    stream: true,
    max_tokens: params.maxTokens ?? 2048,
    ...(params.system && { system: params.system }),
    messages: wireMessages(params.messages, names),
    ...(params.tools.length > 0 && {
      tools: params.tools.map((tool) => ({
        name: names.wire(tool.name),
        ...(tool.description && { description: tool.description }),
        input_schema: tool.inputSchema,
      })),
    }),
  };
  const call: ProviderCall = {
    ...options,
    url,
    headers: {
      'anthropic-version': ANTHROPIC_VERSION,
      'anthropic-dangerous-direct-browser-access': 'true',
      ...(options.key && { 'x-api-key': options.key }),
    },
    body,
  };
  let text = '';
  const blocks = toolCallSlots<{ id: string; name: string; json: string }>(origin);
  // One object, not lets: the compiler does not see the callback's writes and would narrow lets to their first value.
  const seen = { input: 0, output: 0, counted: false, done: false, stopReason: undefined as string | undefined };
  await streamEvents(call, (event) => {
    const data = parseData(event, origin);
    switch (data.type) {
      case 'message_start': {
        const usage = ((data.message ?? {}) as { usage?: Record<string, unknown> }).usage ?? {};
        if (typeof usage.input_tokens === 'number') [seen.input, seen.counted] = [usage.input_tokens, true];
        if (typeof usage.output_tokens === 'number') seen.output = usage.output_tokens;
        return;
      }
      case 'content_block_start': {
        const block = (data.content_block ?? {}) as Record<string, unknown>;
        if (block.type === 'tool_use' && typeof data.index === 'number')
          blocks.at(data.index, () => ({ id: String(block.id ?? ''), name: String(block.name ?? ''), json: '' }));
        return;
      }
      case 'content_block_delta': {
        const delta = (data.delta ?? {}) as Record<string, unknown>;
        if (delta.type === 'text_delta' && typeof delta.text === 'string') {
          text += delta.text;
          options.onText(delta.text);
        } else if (delta.type === 'input_json_delta' && typeof delta.partial_json === 'string' && typeof data.index === 'number') {
          const block = blocks.get(data.index);
          if (block) block.json += delta.partial_json;
        }
        return;
      }
      case 'message_delta': {
        const delta = (data.delta ?? {}) as Record<string, unknown>;
        if (typeof delta.stop_reason === 'string') seen.stopReason = delta.stop_reason;
        const usage = (data.usage ?? {}) as Record<string, unknown>;
        if (typeof usage.output_tokens === 'number') [seen.output, seen.counted] = [usage.output_tokens, true];
        return;
      }
      case 'message_stop':
        seen.done = true;
        return;
      case 'error': {
        const error = (data.error ?? {}) as Record<string, unknown>;
        const overloaded = error.type === 'overloaded_error';
        throw {
          code: 'bad-response',
          message: `The provider at ${origin} stopped with an error mid-answer: “${maskKey(String(error.message ?? error.type ?? 'no message'), options.key)}”. ${overloaded ? 'It is overloaded: wait a little and try again.' : 'Try again.'}`,
        } satisfies EngineError;
      }
    }
  });
  if (!seen.done)
    throw {
      code: 'bad-response',
      message: `The provider's stream from ${origin} ended before the answer was complete (no message_stop). Try again.`,
      lostInTransit: true,
    } satisfies EngineError;
  const toolCalls: ChatToolCall[] = blocks
    .inOrder()
    .map((block, index) => ({ id: block.id || `toolu_${index}`, name: names.server(block.name), ...readArguments(block.json) }));
  const { input, output, counted, stopReason } = seen;
  return { text, toolCalls, ...(counted && { usage: { input, output } }), ...(stopReason !== undefined && { stopReason }) };
}

type WireMessage = { role: 'user' | 'assistant'; content: Array<Record<string, unknown>> };

/** Tool results travel as `tool_result` blocks in a user message; consecutive user content is one message. */
function wireMessages(messages: readonly ChatMessage[], names: ToolNames): WireMessage[] {
  const out: WireMessage[] = [];
  const push = (role: WireMessage['role'], blocks: Array<Record<string, unknown>>) => {
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...blocks);
    else out.push({ role, content: blocks });
  };
  for (const message of messages) {
    if (message.role === 'user') push('user', [{ type: 'text', text: message.text }]);
    else if (message.role === 'tool')
      push('user', [
        { type: 'tool_result', tool_use_id: message.callId, content: message.text, ...(message.isError && { is_error: true }) },
      ]);
    else
      push('assistant', [
        ...(message.text !== '' ? [{ type: 'text', text: message.text }] : []),
        ...message.toolCalls.map((call) => ({ type: 'tool_use', id: call.id, name: names.wire(call.name), input: call.arguments })),
      ]);
  }
  return out;
}
