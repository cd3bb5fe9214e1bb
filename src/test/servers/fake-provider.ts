/**
 * A local model provider for tests, speaking the three wire formats the Playground knows: OpenAI-compatible
 * chat completions at `/openai/v1/chat/completions`, Anthropic Messages at `/anthropic/v1/messages` and
 * Gemini at `/gemini/v1beta/models/<model>:streamGenerateContent?alt=sse`, streamed as real SSE with CORS
 * for browsers. Its "model" follows a script read from the conversation:
 * - the last user message asks → it says a sentence, then calls `echo` with the message (or `call <tool>`
 *   names the tool, called with no arguments); when `echo` is not offered and no tool is named, it answers
 *   `Fake answer to “<message>”.` with no tool call (a sampling request);
 * - a tool result came back → it answers with the result's text, and no tool call;
 * - `please fail 429` → HTTP 429; the key `sk-bad` → HTTP 401 (Gemini: its HTTP 400 `API_KEY_INVALID`);
 * - `please break` → half an answer, then the connection is cut;
 * - `please stall` → a word every 250 ms for a minute (for Stop).
 * Every request's credentials are recorded in `seen`, so a test can say where the key went.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

export const FAKE_PROVIDER_KEY = 'sk-fake-provider-key-0123456789';

export interface SeenRequest {
  path: string;
  authorization?: string;
  apiKey?: string;
  googApiKey?: string;
  browserAccess?: string;
  body: Record<string, unknown>;
}

type Format = 'openai' | 'anthropic' | 'gemini';
type Step = { kind: 'text'; text: string } | { kind: 'call'; tool: string; args: Record<string, unknown> };

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers':
    'content-type, authorization, x-api-key, x-goog-api-key, anthropic-version, anthropic-dangerous-direct-browser-access, accept',
};

/** Listens on a free loopback port and resolves with the origin a test points a provider's base URL at. */
export async function listenOnLoopback(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Ends the streams still open, then stops listening. */
export function closeNow(server: Server): void {
  server.closeAllConnections();
  server.close();
}

export function createFakeProvider(): { server: Server; seen: SeenRequest[] } {
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') return void res.writeHead(204, CORS).end();
    const format: Format | undefined =
      req.url === '/openai/v1/chat/completions'
        ? 'openai'
        : req.url === '/anthropic/v1/messages'
          ? 'anthropic'
          : /^\/gemini\/v1beta\/models\/[\w.-]+:streamGenerateContent\?alt=sse$/.test(req.url ?? '')
            ? 'gemini'
            : undefined;
    if (req.method !== 'POST' || !format) return void res.writeHead(req.url === '/' ? 200 : 404, CORS).end('fake provider');
    void readBody(req).then((body) => answer(format, req, res, body, seen));
  });
  return { server, seen };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function answer(format: Format, req: IncomingMessage, res: ServerResponse, body: Record<string, unknown>, seen: SeenRequest[]) {
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const authorization = header('authorization');
  const apiKey = header('x-api-key');
  const googApiKey = header('x-goog-api-key');
  const browserAccess = header('anthropic-dangerous-direct-browser-access');
  seen.push({
    path: req.url ?? '',
    body,
    ...(authorization && { authorization }),
    ...(apiKey && { apiKey }),
    ...(googApiKey && { googApiKey }),
    ...(browserAccess && { browserAccess }),
  });
  const key = format === 'openai' ? authorization?.replace(/^Bearer /, '') : format === 'gemini' ? googApiKey : apiKey;
  const json = (status: number, value: unknown, extra: Record<string, string> = {}) =>
    res.writeHead(status, { ...CORS, 'content-type': 'application/json', ...extra }).end(JSON.stringify(value));
  if (key === 'sk-bad' && format === 'gemini')
    return json(400, {
      error: {
        code: 400,
        message: `API key not valid. Please pass a valid API key. (${key})`,
        status: 'INVALID_ARGUMENT',
        details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
      },
    });
  if (key === 'sk-bad') return json(401, { error: { message: `Incorrect API key provided: ${key}.`, type: 'authentication_error' } });
  if (format === 'anthropic' && browserAccess !== 'true')
    return json(401, { error: { message: 'CORS requests must set the anthropic-dangerous-direct-browser-access header.' } });
  const { lastUser, toolResult } = readConversation(format, body);
  if (lastUser.includes('please fail 429')) return json(429, { error: { message: 'Rate limit reached.' } }, { 'retry-after': '7' });
  res.writeHead(200, { ...CORS, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const stream = format === 'openai' ? openAiStream(res) : format === 'gemini' ? geminiStream(res) : anthropicStream(res);
  if (toolResult !== undefined) return stream.finish([{ kind: 'text', text: `The tool answered: ${toolResult}` }]);
  if (lastUser.includes('please break')) {
    stream.text('Half an ans');
    return void setTimeout(() => res.destroy(), 50);
  }
  if (lastUser.includes('please stall')) {
    let n = 0;
    const timer = setInterval(() => (++n > 240 || res.destroyed ? clearInterval(timer) : stream.text(`word${n} `)), 250);
    res.on('close', () => clearInterval(timer));
    return;
  }
  const named = /call ([\w.-]+)/.exec(lastUser)?.[1];
  if (!named && !offered(format, body).includes('echo')) return stream.finish([{ kind: 'text', text: `Fake answer to “${lastUser}”.` }]);
  const step: Step = named ? { kind: 'call', tool: named, args: {} } : { kind: 'call', tool: 'echo', args: { message: lastUser } };
  stream.finish([{ kind: 'text', text: 'Let me check with the server. ' }, step]);
}

/** The last user text and, when the conversation ends with one, the tool result's text. */
function readConversation(format: Format, body: Record<string, unknown>): { lastUser: string; toolResult?: string } {
  if (format === 'gemini') return readGemini(body);
  const messages = (Array.isArray(body.messages) ? body.messages : []) as Array<Record<string, unknown>>;
  const last = messages.at(-1) ?? {};
  let lastUser = '';
  for (const message of messages) {
    if (message.role !== 'user') continue;
    if (typeof message.content === 'string') lastUser = message.content;
    else if (Array.isArray(message.content)) {
      const text = (message.content as Array<Record<string, unknown>>).find((block) => block.type === 'text');
      if (typeof text?.text === 'string') lastUser = text.text;
    }
  }
  if (format === 'openai') return last.role === 'tool' ? { lastUser, toolResult: String(last.content) } : { lastUser };
  const blocks = Array.isArray(last.content) ? (last.content as Array<Record<string, unknown>>) : [];
  const result = blocks.find((block) => block.type === 'tool_result');
  return result ? { lastUser, toolResult: String(result.content) } : { lastUser };
}

function readGemini(body: Record<string, unknown>): { lastUser: string; toolResult?: string } {
  const contents = (Array.isArray(body.contents) ? body.contents : []) as Array<{ role?: unknown; parts?: Array<Record<string, unknown>> }>;
  let lastUser = '';
  for (const content of contents) {
    const text = content.role === 'user' ? content.parts?.find((part) => typeof part.text === 'string')?.text : undefined;
    if (typeof text === 'string') lastUser = text;
  }
  const response = (contents.at(-1)?.parts ?? []).find((part) => part.functionResponse)?.functionResponse as
    { response?: { result?: unknown; error?: unknown } } | undefined;
  return response ? { lastUser, toolResult: String(response.response?.result ?? response.response?.error) } : { lastUser };
}

/** The tool names the request offers the model, in any of the three formats. */
function offered(format: Format, body: Record<string, unknown>): string[] {
  const tools = (Array.isArray(body.tools) ? body.tools : []) as Array<Record<string, unknown>>;
  if (format === 'openai') return tools.map((tool) => String((tool.function as { name?: unknown } | undefined)?.name));
  if (format === 'anthropic') return tools.map((tool) => String(tool.name));
  return tools.flatMap((tool) => (Array.isArray(tool.functionDeclarations) ? tool.functionDeclarations : [])).map((fn) => String(fn.name));
}

function send(res: ServerResponse, data: unknown, event?: string) {
  if (!res.destroyed) res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
}

function openAiStream(res: ServerResponse) {
  const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
    send(res, { id: 'chatcmpl-fake', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] });
  return {
    text: (text: string) => chunk({ content: text }),
    finish(steps: Step[]) {
      let calls = 0;
      for (const step of steps) {
        if (step.kind === 'text') for (const piece of step.text.match(/.{1,12}/gs) ?? []) chunk({ content: piece });
        else {
          const args = JSON.stringify(step.args);
          const index = calls++;
          chunk({ tool_calls: [{ index, id: `call_${index}`, type: 'function', function: { name: step.tool, arguments: '' } }] });
          chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, 5) } }] });
          chunk({ tool_calls: [{ index, function: { arguments: args.slice(5) } }] });
        }
      }
      chunk({}, calls > 0 ? 'tool_calls' : 'stop');
      send(res, { id: 'chatcmpl-fake', choices: [], usage: { prompt_tokens: 42, completion_tokens: 17, total_tokens: 59 } });
      send(res, '[DONE]');
      res.end();
    },
  };
}

function anthropicStream(res: ServerResponse) {
  let index = 0;
  let open = false;
  send(
    res,
    { type: 'message_start', message: { id: 'msg_fake', role: 'assistant', content: [], usage: { input_tokens: 40, output_tokens: 1 } } },
    'message_start',
  );
  const openText = () => {
    if (open) return;
    open = true;
    send(res, { type: 'content_block_start', index, content_block: { type: 'text', text: '' } }, 'content_block_start');
  };
  const close = () => {
    if (!open) return;
    send(res, { type: 'content_block_stop', index }, 'content_block_stop');
    open = false;
    index++;
  };
  const text = (piece: string) => {
    openText();
    send(res, { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } }, 'content_block_delta');
  };
  return {
    text,
    finish(steps: Step[]) {
      let called = false;
      for (const step of steps) {
        if (step.kind === 'text') for (const piece of step.text.match(/.{1,12}/gs) ?? []) text(piece);
        else {
          close();
          called = true;
          const args = JSON.stringify(step.args);
          send(
            res,
            { type: 'content_block_start', index, content_block: { type: 'tool_use', id: `toolu_${index}`, name: step.tool, input: {} } },
            'content_block_start',
          );
          send(
            res,
            { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args.slice(0, 5) } },
            'content_block_delta',
          );
          send(
            res,
            { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: args.slice(5) } },
            'content_block_delta',
          );
          send(res, { type: 'content_block_stop', index }, 'content_block_stop');
          index++;
        }
      }
      close();
      send(
        res,
        { type: 'message_delta', delta: { stop_reason: called ? 'tool_use' : 'end_turn' }, usage: { output_tokens: 15 } },
        'message_delta',
      );
      send(res, { type: 'message_stop' }, 'message_stop');
      res.end();
    },
  };
}

function geminiStream(res: ServerResponse) {
  const chunk = (parts: Array<Record<string, unknown>>, finishReason?: string) =>
    send(res, {
      candidates: [{ content: { role: 'model', parts }, index: 0, ...(finishReason && { finishReason }) }],
      usageMetadata: { promptTokenCount: 38, candidatesTokenCount: finishReason ? 14 : 3, totalTokenCount: 52 },
      modelVersion: 'fake-model',
    });
  return {
    text: (text: string) => chunk([{ text }]),
    finish(steps: Step[]) {
      for (const step of steps) {
        if (step.kind === 'text') for (const piece of step.text.match(/.{1,12}/gs) ?? []) chunk([{ text: piece }]);
        // A function call arrives whole, with its arguments an object, and a signature to send back with it.
        else chunk([{ functionCall: { name: step.tool, args: step.args }, thoughtSignature: 'c2lnbmF0dXJl' }]);
      }
      chunk([{ text: '' }], 'STOP');
      res.end();
    },
  };
}
