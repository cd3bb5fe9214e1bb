import type { McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';
import { hexToRgba, lensPng, toneWav } from './media.ts';

/**
 * Tools that show off input schemas and the kinds of content a result can hold.
 * Tools that stream notifications or change the server live in `live-tools.ts`.
 */
export function registerShowcaseTools(server: McpServer): void {
  server.registerTool(
    'echo',
    {
      title: 'Echo',
      description: 'Returns the message you send, optionally shouted. The simplest possible tool.',
      icons: icons.echo,
      inputSchema: z.object({
        message: z.string().min(1).max(2000).describe('Text to send back').default('Hello, MCP!'),
        shout: z.boolean().describe('Upper-case the reply').default(false),
      }),
      annotations: { title: 'Echo', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ message, shout }) => ({
      content: [{ type: 'text', text: shout ? message.toUpperCase() : message }],
    }),
  );

  server.registerTool(
    'book-meeting',
    {
      title: 'Book a meeting room',
      description:
        'A form showcase: every common JSON Schema input type in one tool (email, date, URL, bounded ' +
        'numbers, integers, booleans, enums, titled choices, a nested object and arrays). Nothing is ' +
        'actually booked; the tool returns a summary of what it received.',
      icons: icons.calendar,
      inputSchema: z.object({
        organizerEmail: z.email().describe('Who to send the invitation from'),
        date: z.iso.date().describe('Day of the meeting (YYYY-MM-DD)'),
        agendaUrl: z.url().optional().describe('Link to the agenda document'),
        durationMinutes: z.number().min(15).max(240).default(30).describe('Length in minutes'),
        attendees: z.int().min(1).max(20).default(2).describe('Number of people'),
        remote: z.boolean().default(false).describe('Add a video call link'),
        room: z.enum(['Atlas', 'Borealis', 'Cirrus']).describe('Meeting room'),
        priority: z
          .xor([
            z.literal('low').meta({ title: 'Low — whenever convenient' }),
            z.literal('normal').meta({ title: 'Normal' }),
            z.literal('high').meta({ title: 'High — needs a decision' }),
          ])
          .default('normal')
          .describe('How urgent the meeting is'),
        host: z
          .object({
            name: z.string().min(1).describe('Full name'),
            phone: z.string().optional().describe('Phone number (optional)'),
          })
          .describe('The person hosting the meeting'),
        tags: z.array(z.string()).max(10).default([]).describe('Free-form labels'),
        agenda: z
          .array(
            z.object({
              topic: z.string().min(1).describe('Agenda item'),
              minutes: z.int().min(1).max(120).describe('Time box in minutes'),
            }),
          )
          .max(12)
          .default([])
          .describe('Agenda items in order'),
      }),
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) => {
      const planned = args.agenda.reduce((sum, item) => sum + item.minutes, 0);
      const lines = [
        `Booked ${args.room} on ${args.date} for ${args.durationMinutes} minutes (${args.attendees} attendees).`,
        `Host: ${args.host.name}${args.host.phone ? ` (${args.host.phone})` : ''}; invitation from ${args.organizerEmail}.`,
        `Priority: ${args.priority}${args.remote ? '; video call link added' : ''}.`,
      ];
      if (args.agendaUrl) lines.push(`Agenda: ${args.agendaUrl}`);
      if (args.tags.length > 0) lines.push(`Tags: ${args.tags.join(', ')}`);
      if (args.agenda.length > 0) {
        lines.push(`Agenda items: ${args.agenda.length}, ${planned} of ${args.durationMinutes} minutes planned.`);
        if (planned > args.durationMinutes) lines.push('Warning: the agenda does not fit in the meeting.');
      }
      return { content: [{ type: 'text', text: lines.join('\n') }] };
    },
  );

  const forecastDay = z.object({
    date: z.iso.date(),
    summary: z.enum(['sunny', 'cloudy', 'rain', 'snow', 'windy']),
    highC: z.number(),
    lowC: z.number(),
    precipitationChance: z.number().min(0).max(1),
  });
  server.registerTool(
    'get-forecast',
    {
      title: 'Weather forecast',
      description:
        'Returns a made-up but deterministic forecast as structured content that matches the ' +
        "tool's output schema, plus the same data as text for clients without structured output.",
      icons: icons.weather,
      inputSchema: z.object({
        city: z.string().min(1).max(100).default('Lisbon').describe('City name'),
        days: z.int().min(1).max(7).default(3).describe('Number of days'),
      }),
      outputSchema: z.object({
        city: z.string(),
        unit: z.literal('celsius'),
        days: z.array(forecastDay),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ city, days }) => {
      const forecast = { city, unit: 'celsius' as const, days: makeForecast(city, days) };
      return {
        content: [{ type: 'text', text: JSON.stringify(forecast, null, 2) }],
        structuredContent: forecast,
      };
    },
  );

  server.registerTool(
    'draw-lens',
    {
      title: 'Draw a picture',
      description: 'Generates a PNG image (a lens in the colour you choose) and returns it as image content.',
      icons: icons.image,
      inputSchema: z.object({
        color: z
          .string()
          .regex(/^#[0-9a-fA-F]{6}$/, 'Use a hex colour such as #4f46e5')
          .default('#4f46e5')
          .describe('Hex colour, #rrggbb'),
        size: z.int().min(8).max(256).default(96).describe('Width and height in pixels'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ color, size }) => ({
      content: [
        {
          type: 'image',
          data: lensPng(size, hexToRgba(color)).toString('base64'),
          mimeType: 'image/png',
          annotations: { audience: ['user'], priority: 0.9 },
        },
        { type: 'text', text: `A ${size}×${size} PNG in ${color}.` },
      ],
    }),
  );

  server.registerTool(
    'play-tone',
    {
      title: 'Play a tone',
      description: 'Generates a short sine-wave WAV file and returns it as audio content.',
      icons: icons.audio,
      inputSchema: z.object({
        frequencyHz: z.number().min(110).max(1760).default(440).describe('Pitch in hertz (440 is A4)'),
        durationMs: z.int().min(100).max(2000).default(600).describe('Length in milliseconds'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ frequencyHz, durationMs }) => ({
      content: [
        { type: 'audio', data: toneWav(frequencyHz, durationMs).toString('base64'), mimeType: 'audio/wav' },
        { type: 'text', text: `${durationMs} ms at ${frequencyHz} Hz.` },
      ],
    }),
  );

  server.registerTool(
    'find-docs',
    {
      title: 'Find documentation',
      description:
        'Returns a link to a resource the client can read later (resource_link) and a resource ' +
        'embedded in the result itself (resource).',
      icons: icons.link,
      inputSchema: z.object({
        topic: z.enum(['getting-started', 'tools', 'resources']).default('getting-started').describe('What to look up'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ topic }) => ({
      content: [
        { type: 'text', text: `Found documentation about "${topic}".` },
        {
          type: 'resource_link',
          uri: 'demo://docs/readme',
          name: 'readme',
          title: 'Demo server README',
          description: 'Everything this server can do, as Markdown.',
          mimeType: 'text/markdown',
        },
        {
          type: 'resource',
          resource: { uri: `demo://docs/${topic}`, mimeType: 'text/plain', text: DOC_SNIPPETS[topic] },
        },
      ],
    }),
  );

  server.registerTool(
    'always-fails',
    {
      title: 'Fail on purpose',
      description:
        'Always returns a tool error (isError: true) so you can see how a client shows one. ' +
        'This is a successful JSON-RPC response whose result reports a failure.',
      icons: icons.error,
      inputSchema: z.object({
        reason: z.string().max(500).default('The demo asked for it.').describe('Text to put in the error'),
      }),
      annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ reason }) => ({
      isError: true,
      content: [{ type: 'text', text: `This tool failed on purpose: ${reason}` }],
    }),
  );
}

const DOC_SNIPPETS = {
  'getting-started': 'Connect, open the Tools tab, pick a tool, fill in the form and press Run tool.',
  tools: 'Tools take JSON arguments described by an input schema and return content blocks.',
  resources: 'Resources are read by URI; a tool can point at one with a resource_link.',
} as const;

const SUMMARIES = ['sunny', 'cloudy', 'rain', 'snow', 'windy'] as const;

/** A stable pseudo-forecast: the same city on the same day always gives the same weather. */
function makeForecast(city: string, days: number) {
  let seed = [...city.toLowerCase()].reduce((h, ch) => (h * 31 + ch.charCodeAt(0)) >>> 0, 7);
  const next = () => {
    seed = (seed * 1103515245 + 12345) >>> 0;
    return seed / 0x100000000;
  };
  const start = Date.parse(new Date().toISOString().slice(0, 10));
  return Array.from({ length: days }, (_, i) => {
    const low = Math.round(-5 + next() * 20);
    return {
      date: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
      summary: SUMMARIES[Math.floor(next() * SUMMARIES.length)]!,
      highC: low + Math.round(3 + next() * 10),
      lowC: low,
      precipitationChance: Math.round(next() * 100) / 100,
    };
  });
}
