/**
 * Google Gemini, streamed (`POST {baseUrl}/models/{model}:streamGenerateContent?alt=sse`). Gemini accepts
 * calls from a web page with the key in the `x-goog-api-key` header (Google's web quickstart calls it from a
 * page), so no proxy is needed. Each event is a whole `GenerateContentResponse`: text parts to append, a
 * function call as one part with its arguments already an object, `usageMetadata` as it grows, and a
 * `finishReason` on the last candidate. There is no end marker: the body ends after the finish reason.
 * Tool schemas are cut to the subset Gemini accepts (gemini-schema.ts).
 */
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import type { ChatMessage, ChatToolCall, ModelTurnParams, TokenUsage } from '../../shared/playground.ts';
import { geminiParameters } from './gemini-schema.ts';
import { maskKey, MAX_TOOL_CALLS_PER_ANSWER, parseData, streamEvents, type ProviderCall } from './provider-http.ts';
import { toolNames, type ToolNames } from './tool-names.ts';
import type { TurnAnswer, TurnOptions } from './turn.ts';

/** Finish reasons that mean the answer was cut or refused, not finished: said in words on the step. */
const REFUSED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'MALFORMED_FUNCTION_CALL', 'OTHER']);

export async function geminiTurn(params: ModelTurnParams, options: TurnOptions): Promise<TurnAnswer> {
  const { provider } = params;
  const names = toolNames(params.tools);
  const model = encodeURIComponent(provider.model.trim().replace(/^models\//, ''));
  const url = `${provider.baseUrl.replace(/\/+$/, '')}/models/${model}:streamGenerateContent?alt=sse`;
  const origin = new URL(url).origin;
  const body = {
    contents: wireContents(params.messages, names),
    ...(params.system && { systemInstruction: { parts: [{ text: params.system }] } }),
    ...(params.tools.length > 0 && {
      tools: [
        {
          functionDeclarations: params.tools.map((tool) => {
            const parameters = geminiParameters(tool.inputSchema);
            return {
              name: names.wire(tool.name),
              ...(tool.description && { description: tool.description }),
              ...(parameters && { parameters }),
            };
          }),
        },
      ],
    }),
    generationConfig: { maxOutputTokens: params.maxTokens ?? 2048 },
  };
  const call: ProviderCall = { ...options, url, headers: options.key ? { 'x-goog-api-key': options.key } : {}, body };
  let text = '';
  const toolCalls: ChatToolCall[] = [];
  // One object, not lets: the compiler does not see the callback's writes and would narrow lets to their first value.
  const seen = {
    usage: undefined as TokenUsage | undefined,
    stopReason: undefined as string | undefined,
    blocked: undefined as string | undefined,
  };
  try {
    await streamEvents(call, (event) => {
      const chunk = parseData(event, origin);
      const error = chunk.error as { message?: unknown; status?: unknown } | undefined;
      if (error)
        throw {
          code: 'bad-response',
          message: `The provider at ${origin} stopped with an error mid-answer: “${maskKey(String(error.message ?? error.status ?? 'no message'), options.key)}”. Try again.`,
        } satisfies EngineError;
      const usage = (chunk.usageMetadata ?? {}) as Record<string, unknown>;
      if (typeof usage.promptTokenCount === 'number')
        seen.usage = {
          input: usage.promptTokenCount,
          output: typeof usage.candidatesTokenCount === 'number' ? usage.candidatesTokenCount : 0,
        };
      const feedback = (chunk.promptFeedback ?? {}) as Record<string, unknown>;
      if (typeof feedback.blockReason === 'string') seen.blocked = feedback.blockReason;
      const candidate = (Array.isArray(chunk.candidates) ? chunk.candidates[0] : undefined) as Record<string, unknown> | undefined;
      if (!candidate) return;
      if (typeof candidate.finishReason === 'string') seen.stopReason = candidate.finishReason;
      const parts = ((candidate.content ?? {}) as { parts?: unknown }).parts;
      for (const part of Array.isArray(parts) ? (parts as Array<Record<string, unknown>>) : []) {
        // Thought summaries come only when asked for; they are not the answer.
        if (typeof part.text === 'string' && part.thought !== true && part.text !== '') {
          text += part.text;
          options.onText(part.text);
        }
        const fn = part.functionCall as { id?: unknown; name?: unknown; args?: unknown } | undefined;
        if (fn && typeof fn.name === 'string') {
          if (toolCalls.length >= MAX_TOOL_CALLS_PER_ANSWER)
            throw {
              code: 'bad-response',
              message: `The provider at ${origin} asked for more than ${MAX_TOOL_CALLS_PER_ANSWER} tool calls in one answer, so the answer was not used. Try again.`,
            } satisfies EngineError;
          const args =
            typeof fn.args === 'object' && fn.args !== null && !Array.isArray(fn.args) ? (fn.args as Record<string, unknown>) : {};
          toolCalls.push({
            id: typeof fn.id === 'string' && fn.id !== '' ? fn.id : `gemini_call_${toolCalls.length}`,
            name: names.server(fn.name),
            arguments: args,
            ...(typeof part.thoughtSignature === 'string' && { thoughtSignature: part.thoughtSignature }),
          });
        }
      }
    });
  } catch (error) {
    throw keyRefusal(error, origin) ?? error;
  }
  const { usage, stopReason, blocked } = seen;
  if (blocked !== undefined)
    throw {
      code: 'bad-response',
      message: `Gemini refused the conversation (${blocked}). Rephrase the message, or Restart.`,
    } satisfies EngineError;
  if (stopReason === undefined)
    throw {
      code: 'bad-response',
      message: `The provider's stream from ${origin} ended before the answer was complete (no finish reason). Try again.`,
      lostInTransit: true,
    } satisfies EngineError;
  if (REFUSED.has(stopReason) && text === '' && toolCalls.length === 0)
    throw {
      code: 'bad-response',
      message: `Gemini stopped without an answer (finish reason ${stopReason}). Rephrase the message, or try another model.`,
    } satisfies EngineError;
  return { text, toolCalls, ...(usage && { usage }), stopReason };
}

/** Gemini answers a wrong key with HTTP 400 `API_KEY_INVALID`, not 401: it is a refused key all the same. */
function keyRefusal(error: unknown, origin: string): EngineError | undefined {
  if (!isEngineError(error) || error.httpStatus !== 400 || !error.detail?.includes('API_KEY_INVALID')) return undefined;
  return {
    ...error,
    code: 'unauthorized',
    message: `The provider at ${origin} refused the key (HTTP 400, API_KEY_INVALID). Check the key is right, still valid, and made for the Gemini API.`,
  };
}

type WireContent = { role: 'user' | 'model'; parts: Array<Record<string, unknown>> };

/** Tool results travel as `functionResponse` parts of a user turn; consecutive parts of one role are one turn. */
function wireContents(messages: readonly ChatMessage[], names: ToolNames): WireContent[] {
  const out: WireContent[] = [];
  const push = (role: WireContent['role'], parts: Array<Record<string, unknown>>) => {
    if (parts.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else out.push({ role, parts });
  };
  for (const message of messages) {
    if (message.role === 'user') push('user', [{ text: message.text }]);
    else if (message.role === 'tool')
      push('user', [
        {
          functionResponse: {
            id: message.callId,
            name: names.wire(message.name),
            response: message.isError ? { error: message.text } : { result: message.text },
          },
        },
      ]);
    else
      push('model', [
        ...(message.text !== '' ? [{ text: message.text }] : []),
        ...message.toolCalls.map((call) => ({
          functionCall: { id: call.id, name: names.wire(call.name), args: call.arguments },
          ...(call.thoughtSignature !== undefined && { thoughtSignature: call.thoughtSignature }),
        })),
      ]);
  }
  return out;
}
