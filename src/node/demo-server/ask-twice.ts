import { acceptedContent, inputRequired, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import { mintState, roundOf, stateOf, summary } from './rounds.ts';

const TOOL = 'ask-twice';
const NameAnswer = z.object({ name: z.string().min(1).max(60) });
const ConfirmAnswer = z.object({ confirm: z.boolean() });

/**
 * A tool that needs two answers in a row, the second depending on the first: it asks for a project name,
 * then asks to confirm that name. A retry only carries the answers to the round just asked, so the name
 * from round one would be lost by round three — it travels in requestState, which the client must echo
 * byte for byte. On a 2025 session the SDK's shim runs the same rounds as two server→client requests.
 */
export function registerAskTwice(server: McpServer): void {
  server.registerTool(
    TOOL,
    {
      title: 'Ask twice (requestState)',
      icons: icons.note,
      description:
        'Asks for a project name, then asks you to confirm it (two rounds of elicitation). The name is carried from the first round to the third in requestState.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const round = roundOf(ctx);
      const remembered = stateOf(round, TOOL, NameAnswer);
      if (remembered) {
        const confirmed = acceptedContent(round.responses, 'confirm', ConfirmAnswer);
        if (confirmed?.confirm) {
          return summary(`Created project "${remembered.name}". Round 3: the name came back in requestState.`, {
            rounds: 3,
            name: remembered.name,
            confirmed: true,
          });
        }
        if (round.responses.confirm !== undefined) {
          return summary(`Did not create "${remembered.name}".`, { rounds: 3, name: remembered.name, confirmed: false });
        }
      }
      const named = acceptedContent(round.responses, 'name', NameAnswer);
      if (named) {
        return inputRequired({
          inputRequests: {
            confirm: inputRequired.elicit({
              mode: 'form',
              message: `Create a project called "${named.name}"?`,
              requestedSchema: {
                type: 'object',
                properties: { confirm: { type: 'boolean', title: 'Create it', default: true } },
                required: ['confirm'],
              },
            }),
          },
          requestState: await mintState(TOOL, named),
        });
      }
      if (round.responses.name !== undefined) return summary('No project: the name was not given.', { rounds: 2 });
      return inputRequired({
        inputRequests: {
          name: inputRequired.elicit({
            mode: 'form',
            message: 'What should the new project be called?',
            requestedSchema: {
              type: 'object',
              properties: { name: { type: 'string', title: 'Project name', minLength: 1, maxLength: 60 } },
              required: ['name'],
            },
          }),
        },
      });
    },
  );
}
