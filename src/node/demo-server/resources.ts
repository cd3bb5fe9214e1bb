import { completable, ResourceTemplate, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import { NOTES_URI } from './live-tools.ts';
import { lensPng } from './media.ts';
import type { DemoState } from './state.ts';

const README = `# MCP Lens demo server

A small MCP server that exists to be inspected. Try these tools:

- **echo** — the simplest tool.
- **book-meeting** — every common input type in one form.
- **get-forecast** — structured output that matches an output schema.
- **draw-lens** / **play-tone** — image and audio content.
- **find-docs** — a resource link and an embedded resource.
- **always-fails** — a tool error (\`isError: true\`).
- **long-running-task** — log messages and progress while it runs.
- **toggle-bonus-tool** — changes the tool list at runtime.
- **add-note** / **clear-notes** — session state; clearing is destructive.
`;

const NAMES = ['Ada', 'Alan', 'Grace', 'Katherine', 'Linus', 'Margaret'];
const TOPICS = ['autumn', 'debugging', 'protocols', 'the sea', 'winter mornings'];

/**
 * A few resources, a template and two prompts — enough for the capabilities to be real. On 2026-07-28 the
 * README is cacheable by anyone for a minute and the clock by this client for five seconds; everything
 * else is read fresh (the SDK's default is ttlMs 0, private).
 */
export function registerResourcesAndPrompts(server: McpServer, state: DemoState): void {
  server.registerResource(
    'readme',
    'demo://docs/readme',
    {
      title: 'Demo server README',
      description: 'What this server offers, as Markdown.',
      mimeType: 'text/markdown',
      icons: icons.doc,
      annotations: { audience: ['user', 'assistant'], priority: 1 },
      cacheHint: { ttlMs: 60_000, cacheScope: 'public' },
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'text/markdown', text: README }] }),
  );

  server.registerResource(
    'clock',
    'demo://cache/clock',
    {
      title: 'Server clock (cached 5 s)',
      description:
        'The server time. On 2026-07-28 the result says ttlMs 5000, cacheScope private, so a caching client shows the same time for five seconds.',
      mimeType: 'application/json',
      icons: icons.clock,
      cacheHint: { ttlMs: 5_000, cacheScope: 'private' },
    },
    (uri) => ({ contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify({ now: new Date().toISOString() }) }] }),
  );

  server.registerResource(
    'notes',
    NOTES_URI,
    {
      title: 'Session notes',
      description: 'Notes saved with the add-note tool, one per line: per session for 2025 clients, shared by all 2026-07-28 clients.',
      mimeType: 'text/plain',
      icons: icons.note,
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'text/plain', text: state.notes.join('\n') || '(no notes yet)' }],
    }),
  );

  server.registerResource(
    'lens-image',
    'demo://images/lens.png',
    {
      title: 'Lens picture',
      description: 'A 64×64 PNG, returned as a base64 blob.',
      mimeType: 'image/png',
      icons: icons.image,
    },
    (uri) => ({
      contents: [{ uri: uri.href, mimeType: 'image/png', blob: lensPng(64, [79, 70, 229, 255]).toString('base64') }],
    }),
  );

  server.registerResource(
    'greeting',
    new ResourceTemplate('demo://greetings/{name}', {
      list: undefined,
      complete: { name: (value) => NAMES.filter((n) => n.toLowerCase().startsWith(value.toLowerCase())) },
    }),
    {
      title: 'Greeting',
      description: 'A personal greeting for any name (a resource template with completion).',
      mimeType: 'text/plain',
    },
    (uri, variables) => {
      const name = String(variables.name ?? 'friend').slice(0, 100);
      return { contents: [{ uri: uri.href, mimeType: 'text/plain', text: `Hello, ${name}!` }] };
    },
  );

  server.registerPrompt(
    'write-haiku',
    {
      title: 'Write a haiku',
      description: 'Asks the model for a haiku about a topic, in a chosen mood.',
      icons: icons.prompt,
      argsSchema: z.object({
        topic: completable(z.string().min(1).max(200).describe('What the haiku is about'), (value) =>
          TOPICS.filter((t) => t.startsWith(value.toLowerCase())),
        ),
        mood: z.enum(['calm', 'playful', 'wistful']).optional().describe('Tone of the poem'),
      }),
    },
    ({ topic, mood }) => ({
      description: `A ${mood ?? 'calm'} haiku about ${topic}`,
      messages: [{ role: 'user', content: { type: 'text', text: `Write a ${mood ?? 'calm'} haiku about ${topic}.` } }],
    }),
  );

  server.registerPrompt(
    'review-notes',
    {
      title: 'Review my notes',
      description: 'Puts the notes in front of the model and asks for a summary.',
      icons: icons.prompt,
    },
    () => ({
      messages: [
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: NOTES_URI, mimeType: 'text/plain', text: state.notes.join('\n') || '(no notes yet)' },
          },
        },
        { role: 'user', content: { type: 'text', text: 'Summarise these notes in three bullet points.' } },
      ],
    }),
  );
}
