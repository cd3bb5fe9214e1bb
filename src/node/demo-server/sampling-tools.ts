import {
  inputRequired,
  inputResponse,
  type CreateMessageRequestParams,
  type McpServer,
  type ProtocolEra,
  type SamplingMessage,
} from '@modelcontextprotocol/server';
import * as z from 'zod';

import { WEATHER_TOOL } from './client-feature-schemas.ts';
import { icons } from './icons.ts';
import { mintState, runRounds, stateOf, summary, type Round, type RoundResult } from './rounds.ts';
import { plural } from '../../shared/read.ts';

/**
 * Sampling tools. Both are written in rounds. On a 2026-07-28 request the rounds go to the client as
 * `input_required` results; on a 2025 session they are pushed as sampling/createMessage requests with
 * runWithPushedRequests rather than the SDK's shim, because these tools are about the client's refusals:
 * one offers tools without checking `sampling.tools`, the other sends a request no client should accept.
 */
export function registerSamplingTools(server: McpServer, era: ProtocolEra): void {
  server.registerTool(
    'sample-with-tools',
    {
      title: 'Sampling with tools',
      icons: icons.weather,
      description:
        'Asks the client for a completion offering a get_weather tool. If the reply uses it, sends the tool result back in a second ' +
        'sampling request and returns the final reply. On 2026-07-28 the second round carries the tool-use count in requestState.',
      inputSchema: z.object({ city: z.string().default('Lisbon').describe('The city to ask about') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    ({ city }, ctx) => runRounds(era, ctx, (round) => weatherRound(city, round)),
  );

  server.registerTool(
    'sample-bad-pairing',
    {
      title: 'Malformed sampling request',
      icons: icons.error,
      description:
        'Sends a sampling request whose tool_result answers no tool_use. A conforming client refuses it (with -32602 on 2025 sessions); the tool reports what came back.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const run = async (round: Round): Promise<RoundResult> => {
        if (inputResponse(round.responses, 'reply').kind === 'missing')
          return inputRequired({ inputRequests: { reply: inputRequired.createMessage(BAD_PAIRING) } });
        return summary('The client accepted a malformed request (it should not have).', round.responses.reply, true);
      };
      try {
        return await runRounds(era, ctx, run);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return summary(`The client refused it with error ${String(code)}: ${(error as Error).message}`, { code });
      }
    },
  );
}

const TOOL_ROUND = 'sample-with-tools';

/** Round 1 asks with a tool on offer; round 2 answers the tool uses; round 3 returns the final reply. */
async function weatherRound(city: string, round: Round): Promise<RoundResult> {
  const question: SamplingMessage = { role: 'user', content: { type: 'text', text: `What is the weather in ${city}?` } };
  const done = stateOf(round, TOOL_ROUND, z.object({ uses: z.int() }));
  const second = inputResponse(round.responses, 'second');
  if (done && second.kind === 'sampling') {
    return summary(`Tool round done (${plural(done.uses, 'tool use')}).`, second.result);
  }
  const first = inputResponse(round.responses, 'first');
  if (first.kind !== 'sampling') {
    return inputRequired({ inputRequests: { first: inputRequired.createMessage(firstRequest(question)) } });
  }
  const blocks = Array.isArray(first.result.content) ? first.result.content : [first.result.content];
  const uses = blocks.filter((b) => b.type === 'tool_use');
  if (uses.length === 0) return summary('The reply used no tool.', first.result);
  const secondRequest: CreateMessageRequestParams = {
    messages: [
      question,
      { role: 'assistant', content: blocks },
      {
        role: 'user',
        content: uses.map((use) => ({
          type: 'tool_result' as const,
          toolUseId: use.id,
          content: [{ type: 'text' as const, text: `Sunny, 21 °C in ${city}.` }],
        })),
      },
    ],
    maxTokens: 200,
    tools: [WEATHER_TOOL],
    toolChoice: { mode: 'none' },
  };
  // The tool-use count is needed when the final reply arrives, but that round only carries the reply:
  // it rides along in requestState.
  return inputRequired({
    inputRequests: { second: inputRequired.createMessage(secondRequest) },
    requestState: await mintState(TOOL_ROUND, { uses: uses.length }),
  });
}

function firstRequest(question: SamplingMessage): CreateMessageRequestParams {
  return {
    messages: [question],
    systemPrompt: 'You are a weather assistant. Use get_weather for current conditions.',
    maxTokens: 200,
    temperature: 0.2,
    stopSequences: ['END'],
    modelPreferences: { hints: [{ name: 'claude-sonnet' }], intelligencePriority: 0.8, speedPriority: 0.3 },
    metadata: { demo: 'sample-with-tools' },
    tools: [WEATHER_TOOL],
    toolChoice: { mode: 'auto' },
  };
}

/** A tool_result that answers no tool_use: the spec says the client must refuse it. */
const BAD_PAIRING: CreateMessageRequestParams = {
  messages: [
    { role: 'user', content: { type: 'text', text: 'Hello' } },
    { role: 'user', content: [{ type: 'tool_result', toolUseId: 'nobody-asked', content: [{ type: 'text', text: 'orphan' }] }] },
  ],
  maxTokens: 50,
  tools: [WEATHER_TOOL],
};
