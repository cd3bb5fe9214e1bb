/**
 * OpenAI-compatible chat completions, streamed (`POST {baseUrl}/chat/completions`, `stream: true`): OpenAI,
 * OpenRouter, Ollama, LM Studio and anything else that speaks it. Text arrives as `delta.content`, tool calls
 * as `delta.tool_calls` fragments by index (the arguments a JSON string in pieces), usage in the last chunk
 * when asked for, and `data: [DONE]` ends the stream.
 */
import type { EngineError } from '../../shared/errors.ts';
import type { ChatMessage, ChatToolCall, ModelTurnParams, TokenUsage } from '../../shared/playground.ts';
import { maskKey, parseData, streamEvents, toolCallSlots, type ProviderCall } from './provider-http.ts';
import { readArguments, toolNames, type ToolNames } from './tool-names.ts';
import type { TurnAnswer, TurnOptions } from './turn.ts';

export async function openAiTurn(params: ModelTurnParams, options: TurnOptions): Promise<TurnAnswer> {
  const { provider } = params;
  const names = toolNames(params.tools);
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const origin = new URL(url).origin;
  const body = {
    model: provider.model,
    stream: true,
    stream_options: { include_usage: true },
    max_tokens: params.maxTokens ?? 2048,
    messages: [
      ...(params.system ? [{ role: 'system', content: params.system }] : []),
      ...params.messages.map((message) => wireMessage(message, names)),
    ],
    ...(params.tools.length > 0 && {
      tools: params.tools.map((tool) => ({
        type: 'function',
        function: { name: names.wire(tool.name), ...(tool.description && { description: tool.description }), parameters: tool.inputSchema },
      })),
    }),
  };
  const call: ProviderCall = {
    ...options,
    url,
    headers: options.key ? { authorization: `Bearer ${options.key}` } : {},
    body,
  };
  let text = '';
  const fragments = toolCallSlots<{ id: string; name: string; args: string }>(origin);
  // One object, not lets: the compiler does not see the callback's writes and would narrow lets to their first value.
  const seen = { done: false, usage: undefined as TokenUsage | undefined, stopReason: undefined as string | undefined };
  await streamEvents(call, (event) => {
    if (event.data === '[DONE]') {
      seen.done = true;
      return;
    }
    const chunk = parseData(event, origin);
    const error = chunk.error as { message?: unknown } | undefined;
    if (error)
      throw {
        code: 'bad-response',
        message: `The provider at ${origin} stopped with an error mid-answer: “${maskKey(String(error.message ?? 'no message'), options.key)}”. Try again.`,
      } satisfies EngineError;
    const counted = readUsage(chunk.usage);
    if (counted) seen.usage = counted;
    const choice = (Array.isArray(chunk.choices) ? chunk.choices[0] : undefined) as Record<string, unknown> | undefined;
    if (!choice) return;
    if (typeof choice.finish_reason === 'string') seen.stopReason = choice.finish_reason;
    const delta = (choice.delta ?? {}) as Record<string, unknown>;
    if (typeof delta.content === 'string' && delta.content !== '') {
      text += delta.content;
      options.onText(delta.content);
    }
    if (Array.isArray(delta.tool_calls)) {
      for (const raw of delta.tool_calls as Array<Record<string, unknown>>) {
        // Some local servers send each call whole and without an index: each is a call of its own.
        const slot = fragments.at(typeof raw.index === 'number' ? raw.index : fragments.size(), () => ({ id: '', name: '', args: '' }));
        const fn = (raw.function ?? {}) as Record<string, unknown>;
        if (typeof raw.id === 'string') slot.id = raw.id;
        if (typeof fn.name === 'string') slot.name += fn.name;
        if (typeof fn.arguments === 'string') slot.args += fn.arguments;
      }
    }
  });
  // Some local servers end the body without [DONE]; an answer that finished (a finish_reason) is still whole.
  const { done, usage, stopReason } = seen;
  if (!done && stopReason === undefined)
    throw {
      code: 'bad-response',
      message: `The provider's stream from ${origin} ended before the answer was complete. Try again.`,
      lostInTransit: true,
    } satisfies EngineError;
  const toolCalls: ChatToolCall[] = fragments
    .inOrder()
    .filter((slot) => slot.name !== '')
    .map((slot, index) => ({ id: slot.id || `call_${index}`, name: names.server(slot.name), ...readArguments(slot.args) }));
  return { text, toolCalls, ...(usage && { usage }), ...(stopReason !== undefined && { stopReason }) };
}

function wireMessage(message: ChatMessage, names: ToolNames): Record<string, unknown> {
  switch (message.role) {
    case 'user':
      return { role: 'user', content: message.text };
    case 'assistant':
      return {
        role: 'assistant',
        content: message.text === '' ? null : message.text,
        ...(message.toolCalls.length > 0 && {
          tool_calls: message.toolCalls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: names.wire(call.name), arguments: call.badArguments ?? JSON.stringify(call.arguments) },
          })),
        }),
      };
    case 'tool':
      return { role: 'tool', tool_call_id: message.callId, content: message.text };
  }
}

function readUsage(value: unknown): TokenUsage | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { prompt_tokens: input, completion_tokens: output } = value as Record<string, unknown>;
  return typeof input === 'number' && typeof output === 'number' ? { input, output } : undefined;
}
