import { completable, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import { lensPng, toneWav } from './media.ts';

const LANGUAGES: Record<string, string[]> = {
  typescript: ['react', 'express', 'vitest', 'zod'],
  python: ['django', 'fastapi', 'flask', 'pytest'],
  rust: ['axum', 'serde', 'tokio'],
};

/** Prompts with required and optional arguments, dependent completion, and every content type in messages. */
export function registerShowcasePrompts(server: McpServer): void {
  server.registerPrompt(
    'review-code',
    {
      title: 'Review code',
      description: 'A code review conversation. "framework" suggestions depend on the chosen language (completion context).',
      icons: icons.prompt,
      argsSchema: z.object({
        language: completable(z.string().min(1).describe('Programming language (required)'), (value) =>
          Object.keys(LANGUAGES).filter((l) => l.startsWith(value.toLowerCase())),
        ),
        framework: completable(z.string().describe('Framework in use (optional)'), (value, context) => {
          const language = context?.arguments?.language;
          const options = language && LANGUAGES[language] ? LANGUAGES[language] : Object.values(LANGUAGES).flat();
          return options.filter((f) => f.startsWith(value.toLowerCase()));
        }).optional(),
        code: z.string().min(1).describe('The code to review (required)'),
      }),
    },
    ({ language, framework, code }) => ({
      description: `Review of ${language}${framework ? ` (${framework})` : ''} code`,
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: `Please review this ${language}${framework ? `/${framework}` : ''} code:\n\n${code}` },
        },
        { role: 'assistant', content: { type: 'text', text: 'Sure. I will look at correctness first, then naming and tests.' } },
        { role: 'user', content: { type: 'text', text: 'Be brief, and list the most important issue first.' } },
      ],
    }),
  );

  server.registerPrompt(
    'content-gallery',
    {
      title: 'Content gallery',
      description: 'One message of each content type: text, image, audio, resource link, and embedded text and blob resources.',
      icons: icons.image,
      argsSchema: z.object({ caption: z.string().max(200).optional().describe('Text for the first message (optional)') }),
    },
    ({ caption }) => ({
      description: 'Every content type a prompt message can carry',
      messages: [
        {
          role: 'user',
          content: { type: 'text', text: caption || 'Here is one of everything.', annotations: { audience: ['user'], priority: 0.5 } },
        },
        { role: 'assistant', content: { type: 'image', mimeType: 'image/png', data: lensPng(48, [79, 70, 229, 255]).toString('base64') } },
        { role: 'user', content: { type: 'audio', mimeType: 'audio/wav', data: toneWav(660, 300).toString('base64') } },
        {
          role: 'assistant',
          content: {
            type: 'resource_link',
            uri: 'demo://docs/guide.md',
            name: 'guide',
            title: 'Inspector guide',
            mimeType: 'text/markdown',
          },
        },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: 'demo://data/config.json', mimeType: 'application/json', text: '{"embedded":true}' },
          },
        },
        {
          role: 'assistant',
          content: {
            type: 'resource',
            resource: { uri: 'demo://images/lens.png', mimeType: 'image/png', blob: lensPng(16, [0, 0, 0, 255]).toString('base64') },
          },
        },
      ],
    }),
  );
}
