/**
 * A provider that misbehaves on purpose, one way per path: it redirects the key elsewhere, quotes the key
 * across a cut, sends an endless error body, a tool call at an absurd index, more calls than anyone could
 * review, or keep-alives forever. Each must end in words, quickly, with the key nowhere in them.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineError } from '../../shared/errors.ts';
import type { ModelTurnParams, ProviderKind } from '../../shared/playground.ts';
import { createManualClock } from '../../test/support/clocks.ts';
import { closeNow, listenOnLoopback } from '../../test/servers/fake-provider.ts';
import { waitFor } from '../../test/support/wait-for.ts';
import { realClock, type Clock } from '../clock.ts';
import { anthropicTurn } from './anthropic.ts';
import { openAiTurn } from './openai.ts';
import { MAX_TOOL_CALLS_PER_ANSWER } from './provider-http.ts';

const KEY = 'sk-hostile-0123456789abcdefghijklmnopqrstuvwxyz';
const keysSeenElsewhere: string[] = [];

const elsewhere = createServer((req, res) => {
  keysSeenElsewhere.push(String(req.headers['x-api-key'] ?? req.headers.authorization ?? ''));
  res.writeHead(200, { 'content-type': 'text/event-stream' }).end();
});

const sse = (res: ServerResponse) => res.writeHead(200, { 'content-type': 'text/event-stream' });
const chunk = (res: ServerResponse, data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
const toolCall = (index: number) => ({
  choices: [{ delta: { tool_calls: [{ index, id: `c${index}`, function: { name: 'echo', arguments: '{}' } }] } }],
});

let elsewhereOrigin = '';
const behaviours: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  redirect: (_req, res) => res.writeHead(307, { location: `${elsewhereOrigin}/v1/chat/completions` }).end(),
  // The key straddles the 300th character of the provider's message, where the quote is cut.
  'quote-key': (_req, res) =>
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ error: { message: `${'x'.repeat(285)} ${KEY} rest` } })),
  'endless-error': (_req, res) => {
    res.writeHead(500, { 'content-type': 'text/plain' });
    const timer = setInterval(() => res.write('y'.repeat(16 * 1024)), 1);
    res.on('close', () => clearInterval(timer));
  },
  'far-index': (_req, res) => {
    sse(res);
    chunk(res, toolCall(4_294_967_294));
    res.end('data: [DONE]\n\n');
  },
  'many-calls': (_req, res) => {
    sse(res);
    for (let index = 0; index <= MAX_TOOL_CALLS_PER_ANSWER; index++) chunk(res, toolCall(index));
    res.end('data: [DONE]\n\n');
  },
  'sparse-calls': (_req, res) => {
    sse(res);
    chunk(res, toolCall(7));
    chunk(res, toolCall(2));
    res.end('data: [DONE]\n\n');
  },
  'anthropic-far-index': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.write(`event: message_start\ndata: ${JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 1 } } })}\n\n`);
    res.write(
      `data: ${JSON.stringify({ type: 'content_block_start', index: 2 ** 32, content_block: { type: 'tool_use', id: 't', name: 'echo' } })}\n\n`,
    );
    res.end(`data: ${JSON.stringify({ type: 'message_stop' })}\n\n`);
  },
  'keep-alive': (req, res) => {
    sse(res);
    const timer = setInterval(() => res.write(': keep-alive\n\n'), 5);
    res.on('close', () => clearInterval(timer));
  },
};

const provider = createServer((req, res) => {
  const behaviour = behaviours[req.url?.split('/')[1] ?? ''];
  req.resume();
  req.on('end', () => (behaviour ? behaviour(req, res) : res.writeHead(404).end()));
});

let origin = '';
beforeAll(async () => {
  elsewhereOrigin = await listenOnLoopback(elsewhere);
  origin = await listenOnLoopback(provider);
});
afterAll(() => {
  closeNow(provider);
  closeNow(elsewhere);
});

function turnOf(path: string, kind: ProviderKind, clock: Clock = realClock) {
  const params: ModelTurnParams = {
    turnId: 't',
    provider: { kind, baseUrl: `${origin}/${path}/v1`, model: 'm' },
    messages: [{ role: 'user', text: 'hi' }],
    tools: [{ name: 'echo', inputSchema: { type: 'object' } }],
  };
  const turn = kind === 'anthropic' ? anthropicTurn : openAiTurn;
  return turn(params, { fetch, clock, key: KEY, onText: () => {} });
}

function ask(path: string, options: { kind?: ProviderKind; clock?: Clock } = {}): Promise<EngineError> {
  return turnOf(path, options.kind ?? 'openai', options.clock).then(
    () => expect.unreachable('the turn should have failed'),
    (error: EngineError) => error,
  );
}

describe('a hostile provider', () => {
  it('never gets the key sent on by a redirect: the redirect is reported instead', async () => {
    for (const kind of ['openai', 'anthropic'] as const) {
      const error = await ask('redirect', { kind });
      expect(error.message).toContain('answered with a redirect');
      expect(error.message).toContain(elsewhereOrigin);
    }
    expect(keysSeenElsewhere).toEqual([]);
  });

  it('cannot leave part of the key on screen by quoting it across the cut', async () => {
    const error = await ask('quote-key');
    expect(error.code).toBe('unauthorized');
    expect(error.message).toContain('••••');
    for (const part of [KEY, KEY.slice(0, 12), KEY.slice(-12)]) expect(JSON.stringify(error)).not.toContain(part);
  });

  it('gets its endless error body cut, and the failure said at once', async () => {
    const error = await ask('endless-error');
    expect(error).toMatchObject({ code: 'http', httpStatus: 500 });
    expect(error.detail?.length).toBeLessThanOrEqual(1_000);
  });

  it('cannot freeze the engine with a tool call at an absurd index: the index only orders the calls', async () => {
    // Before, the fragments were an array that the engine then walked slot by slot, for minutes.
    for (const [path, kind] of [
      ['far-index', 'openai'],
      ['anthropic-far-index', 'anthropic'],
    ] as const) {
      const answer = await turnOf(path, kind);
      expect(answer.toolCalls).toHaveLength(1);
    }
  });

  it('cannot ask for more tool calls in one answer than the cap', async () => {
    expect((await ask('many-calls')).message).toContain(`more than ${MAX_TOOL_CALLS_PER_ANSWER} tool calls`);
  });

  it('gives up on a stream that only ever sends keep-alives, after the total time limit', async () => {
    const clock = createManualClock();
    const failed = ask('keep-alive', { clock });
    // The total limit stands however often the idle timer is re-armed by a keep-alive.
    await waitFor(() => clock.pending().length >= 2, 'the idle and total timers');
    clock.advance(10 * 60_000);
    const error = await failed;
    expect(error.code).toBe('timeout');
    expect(error.message).toContain('still streaming after 10 minutes');
  });
});

describe('a sparse but sane stream', () => {
  it('keeps tool calls in index order whatever order they came in', async () => {
    const answer = await turnOf('sparse-calls', 'openai');
    expect(answer.toolCalls.map((call) => call.id)).toEqual(['c2', 'c7']);
  });
});
