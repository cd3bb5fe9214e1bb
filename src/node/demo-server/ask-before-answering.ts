import { inputRequired, inputResponse, type McpServer } from '@modelcontextprotocol/server';

import { icons } from './icons.ts';
import { roundOf } from './rounds.ts';

const TOPIC_SCHEMA = {
  type: 'object' as const,
  properties: { topic: { type: 'string' as const, title: 'Topic', description: 'What the prompt should be about' } },
  required: ['topic'],
};

const NAME_SCHEMA = {
  type: 'object' as const,
  properties: { name: { type: 'string' as const, title: 'Your name' } },
  required: ['name'],
};

/** The answer's field, or undefined for a decline, a cancel or a field of the wrong type. */
function accepted(answer: ReturnType<typeof inputResponse>, field: string): string | undefined {
  if (answer.kind !== 'elicit' || answer.action !== 'accept') return undefined;
  const value = (answer.content as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A prompt and a resource that ask the person a question before they answer (elicitation), so an inspector
 * can show that a prompts/get or resources/read is waiting for its person, not for the server. Written once
 * for both eras: `inputRequired(...)` is a multi round-trip answer in 2026-07-28 and a server→client
 * request on a 2025 session.
 */
export function registerAskBeforeAnswering(server: McpServer): void {
  server.registerPrompt(
    'ask-for-topic',
    {
      title: 'Ask for a topic first',
      description: 'Asks you for a topic (elicitation) before it writes the prompt.',
      icons: icons.prompt,
    },
    (ctx) => {
      const answer = inputResponse(roundOf(ctx).responses, 'topic');
      if (answer.kind !== 'elicit')
        return inputRequired({
          inputRequests: {
            topic: inputRequired.elicit({ mode: 'form', message: 'What should the prompt be about?', requestedSchema: TOPIC_SCHEMA }),
          },
        });
      const topic = accepted(answer, 'topic');
      return {
        description: topic === undefined ? `No topic (${answer.kind === 'elicit' ? answer.action : 'no answer'})` : `About ${topic}`,
        messages: [
          { role: 'user', content: { type: 'text', text: topic === undefined ? 'Tell me anything.' : `Tell me about ${topic}.` } },
        ],
      };
    },
  );

  server.registerResource(
    'greeting-for-you',
    'demo://ask/greeting.txt',
    {
      title: 'A greeting that asks your name',
      description: 'Reading it asks for your name (elicitation) first.',
      mimeType: 'text/plain',
      icons: icons.prompt,
    },
    (uri, ctx) => {
      const answer = inputResponse(roundOf(ctx).responses, 'name');
      if (answer.kind !== 'elicit')
        return inputRequired({
          inputRequests: { name: inputRequired.elicit({ mode: 'form', message: 'Who is reading?', requestedSchema: NAME_SCHEMA }) },
        });
      const name = accepted(answer, 'name');
      return {
        contents: [{ uri: uri.href, mimeType: 'text/plain', text: name === undefined ? 'Hello, whoever you are.' : `Hello, ${name}.` }],
      };
    },
  );
}
