import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineError } from '../../shared/errors.ts';
import type { ChatMessage, ModelTurnParams, ProviderKind } from '../../shared/playground.ts';
import { closeNow, createFakeProvider, FAKE_PROVIDER_KEY, listenOnLoopback } from '../../test/servers/fake-provider.ts';
import { realClock } from '../clock.ts';
import { anthropicTurn } from './anthropic.ts';
import { geminiTurn } from './gemini.ts';
import { openAiTurn } from './openai.ts';
import { browserRefusalHelp } from './provider-http.ts';
import { toolNames } from './tool-names.ts';

const { server, seen } = createFakeProvider();
let origin = '';
beforeAll(async () => {
  origin = await listenOnLoopback(server);
});
afterAll(() => {
  closeNow(server);
});

const ECHO = { name: 'echo', description: 'Echoes', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } };

const clients = { openai: openAiTurn, anthropic: anthropicTurn, gemini: geminiTurn } as const;
const basePath = { openai: 'openai/v1', anthropic: 'anthropic/v1', gemini: 'gemini/v1beta' } as const;
const toolStop = { openai: 'tool_calls', anthropic: 'tool_use', gemini: 'STOP' } as const;

function turn(
  kind: ProviderKind,
  messages: ChatMessage[],
  options: { key?: string; signal?: AbortSignal; onText?: (t: string) => void } = {},
) {
  const params: ModelTurnParams = {
    turnId: 't1',
    provider: { kind, baseUrl: `${origin}/${basePath[kind]}`, model: 'fake-model' },
    messages,
    tools: [ECHO],
  };
  const pieces: string[] = [];
  const answer = clients[kind](params, {
    fetch,
    clock: realClock,
    key: options.key ?? FAKE_PROVIDER_KEY,
    ...(options.signal && { signal: options.signal }),
    onText: options.onText ?? ((text) => pieces.push(text)),
  });
  return { answer, pieces };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('it should have failed'),
    (error: EngineError) => error,
  );

describe.each(['openai', 'anthropic', 'gemini'] as const)('the %s client against the fake provider', (kind) => {
  it('streams the text, collects the tool call and its arguments, and reads the usage', async () => {
    const { answer, pieces } = turn(kind, [{ role: 'user', text: 'hello there' }]);
    const result = await answer;
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('Let me check with the server. ');
    expect(result.text).toBe('Let me check with the server. ');
    expect(result.toolCalls).toEqual([
      {
        id: expect.any(String),
        name: 'echo',
        arguments: { message: 'hello there' },
        ...(kind === 'gemini' && { thoughtSignature: 'c2lnbmF0dXJl' }),
      },
    ]);
    expect(result.usage?.input).toBeGreaterThan(0);
    expect(result.stopReason).toBe(toolStop[kind]);
    const request = seen.at(-1)!;
    if (kind === 'openai') expect(request.authorization).toBe(`Bearer ${FAKE_PROVIDER_KEY}`);
    else if (kind === 'gemini') expect(request).toMatchObject({ googApiKey: FAKE_PROVIDER_KEY, path: expect.stringContaining('alt=sse') });
    else expect(request).toMatchObject({ apiKey: FAKE_PROVIDER_KEY, browserAccess: 'true' });
    // Only the key header carries the key: never the URL (Gemini also accepts ?key=, which would put it in logs).
    expect(request.path).not.toContain(FAKE_PROVIDER_KEY);
  });

  it('sends the tool result back and gets the final answer without a tool call', async () => {
    const first = await turn(kind, [{ role: 'user', text: 'hi' }]).answer;
    const call = first.toolCalls[0]!;
    const { answer } = turn(kind, [
      { role: 'user', text: 'hi' },
      { role: 'assistant', text: first.text, toolCalls: first.toolCalls },
      { role: 'tool', callId: call.id, name: call.name, text: 'hi', isError: false },
    ]);
    const result = await answer;
    expect(result.text).toBe('The tool answered: hi');
    expect(result.toolCalls).toEqual([]);
    // Gemini's thinking models refuse a history whose function call lost its signature.
    if (kind === 'gemini') expect(JSON.stringify(seen.at(-1)!.body)).toContain('"thoughtSignature":"c2lnbmF0dXJl"');
  });

  it('puts the system prompt where the format wants it, and answers without a tool when none fits', async () => {
    const params: ModelTurnParams = {
      turnId: 't2',
      provider: { kind, baseUrl: `${origin}/${basePath[kind]}`, model: 'fake-model' },
      system: 'Be brief.',
      messages: [{ role: 'user', text: 'What is the weather?' }],
      tools: [],
      maxTokens: 99,
    };
    const result = await clients[kind](params, { fetch, clock: realClock, key: FAKE_PROVIDER_KEY, onText: () => {} });
    expect(result).toMatchObject({ text: 'Fake answer to “What is the weather?”.', toolCalls: [] });
    const body = seen.at(-1)!.body;
    if (kind === 'openai')
      expect(body).toMatchObject({ max_tokens: 99, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user' }] });
    if (kind === 'anthropic') expect(body).toMatchObject({ max_tokens: 99, system: 'Be brief.' });
    if (kind === 'gemini')
      expect(body).toMatchObject({ generationConfig: { maxOutputTokens: 99 }, systemInstruction: { parts: [{ text: 'Be brief.' }] } });
  });

  it('explains a refused key (401) in words, without repeating the key', async () => {
    const error = await failure(turn(kind, [{ role: 'user', text: 'hi' }], { key: 'sk-bad' }).answer);
    expect(error).toMatchObject({ code: 'unauthorized', httpStatus: kind === 'gemini' ? 400 : 401 });
    expect(error.message).toContain('refused the key');
    expect(JSON.stringify(error)).not.toContain('sk-bad');
  });

  it('explains rate limiting (429) with the wait the provider asked for', async () => {
    const error = await failure(turn(kind, [{ role: 'user', text: 'please fail 429' }]).answer);
    expect(error).toMatchObject({ code: 'http', httpStatus: 429 });
    expect(error.message).toContain('Wait 7 s');
  });

  it('says the stream broke off when the connection is cut mid-answer', async () => {
    const error = await failure(turn(kind, [{ role: 'user', text: 'please break' }]).answer);
    expect(error.code).toBe('bad-response');
    expect(error.message).toMatch(/broke off|ended before/);
  });

  it('stops mid-stream when aborted', async () => {
    const controller = new AbortController();
    const { answer } = turn(kind, [{ role: 'user', text: 'please stall' }], {
      signal: controller.signal,
      onText: () => controller.abort(),
    });
    expect(await failure(answer)).toMatchObject({ code: 'cancelled' });
  });
});

describe('provider failures and names', () => {
  it('says how to get round a browser refusal, by where the provider runs', () => {
    expect(browserRefusalHelp('http://localhost:11434')).toContain('OLLAMA_ORIGINS');
    expect(browserRefusalHelp('http://127.0.0.1:1234')).toContain('LM Studio');
    expect(browserRefusalHelp('https://api.example.com')).toContain('proxy');
  });

  it('explains a provider nothing answers at as a refusal or absence, with the way round it', async () => {
    const params: ModelTurnParams = {
      turnId: 't',
      provider: { kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1', model: 'm' },
      messages: [{ role: 'user', text: 'hi' }],
      tools: [],
    };
    const error = await failure(openAiTurn(params, { fetch, clock: realClock, onText: () => {} }));
    expect(error.code).toBe('cors');
    expect(error.message).toContain('CORS');
  });

  it('gives MCP tool names a wire name the providers accept, and maps the calls back', () => {
    const names = toolNames([ECHO, { name: 'files/read.v2', inputSchema: {} }, { name: 'files_read_v2', inputSchema: {} }]);
    expect(names.wire('files/read.v2')).toBe('files_read_v2');
    expect(names.wire('files_read_v2')).toBe('files_read_v2_2');
    expect(names.server('files_read_v2')).toBe('files/read.v2');
    expect(names.server('files_read_v2_2')).toBe('files_read_v2');
  });
});
