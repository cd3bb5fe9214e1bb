import { randomUUID } from 'node:crypto';

import { UrlElicitationRequiredError, type CallToolResult, type CreateMessageResultWithTools, type McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

import { icons } from './icons.ts';

/**
 * Tools that turn the tables: the server asks the client (and so the person at MCP Lens) for things —
 * a form with every elicitation field type, a sampling round with tools, a malformed sampling request the
 * client must refuse, a URL elicitation to a look-alike host, and a -32042 "URL elicitation required".
 */
export function registerClientFeatureTools(server: McpServer): void {
  server.registerTool(
    'ask-every-field',
    {
      title: 'Ask for every field type',
      icons: icons.prompt,
      description: 'Sends a form-mode elicitation with every field type of the spec (strings with formats, numbers, boolean, single and multi-select enums), each with a default.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const result = await ctx.mcpReq.send({ method: 'elicitation/create', params: { mode: 'form', message: 'Tell the demo server about yourself.', requestedSchema: EVERY_FIELD_SCHEMA } });
      return summary(`Elicitation answered: ${result.action}`, result);
    },
  );

  server.registerTool(
    'sample-with-tools',
    {
      title: 'Sampling with tools',
      icons: icons.weather,
      description: 'Asks the client for a completion offering a get_weather tool. If the reply uses it, sends the tool result back in a second sampling request and returns the final reply.',
      inputSchema: z.object({ city: z.string().default('Lisbon').describe('The city to ask about') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ city }, ctx) => {
      const question = { role: 'user' as const, content: { type: 'text' as const, text: `What is the weather in ${city}?` } };
      const first = await sample(ctx, {
        messages: [question],
        systemPrompt: 'You are a weather assistant. Use get_weather for current conditions.',
        maxTokens: 200,
        temperature: 0.2,
        stopSequences: ['END'],
        modelPreferences: { hints: [{ name: 'claude-sonnet' }], intelligencePriority: 0.8, speedPriority: 0.3 },
        metadata: { demo: 'sample-with-tools' },
        tools: [WEATHER_TOOL],
        toolChoice: { mode: 'auto' },
      });
      const blocks = Array.isArray(first.content) ? first.content : [first.content];
      const uses = blocks.filter((b) => b.type === 'tool_use');
      if (uses.length === 0) return summary('The reply used no tool.', first);
      const second = await sample(ctx, {
        messages: [
          question,
          { role: 'assistant', content: blocks },
          {
            role: 'user',
            content: uses.map((use) => ({ type: 'tool_result' as const, toolUseId: use.id, content: [{ type: 'text' as const, text: `Sunny, 21 °C in ${city}.` }] })),
          },
        ],
        maxTokens: 200,
        tools: [WEATHER_TOOL],
        toolChoice: { mode: 'none' },
      });
      return summary(`Tool round done (${uses.length} tool use${uses.length === 1 ? '' : 's'}).`, second);
    },
  );

  server.registerTool(
    'sample-bad-pairing',
    {
      title: 'Malformed sampling request',
      icons: icons.error,
      description: 'Sends a sampling request whose tool_result answers no tool_use. A conforming client refuses it with -32602; the tool reports what came back.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      try {
        const result = await sample(ctx, {
          messages: [
            { role: 'user', content: { type: 'text', text: 'Hello' } },
            { role: 'user', content: [{ type: 'tool_result', toolUseId: 'nobody-asked', content: [{ type: 'text', text: 'orphan' }] }] },
          ],
          maxTokens: 50,
          tools: [WEATHER_TOOL],
        });
        return summary('The client accepted a malformed request (it should not have).', result, true);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return summary(`The client refused it with error ${String(code)}: ${(error as Error).message}`, { code });
      }
    },
  );

  server.registerTool(
    'open-lookalike-url',
    {
      title: 'URL elicitation to a look-alike host',
      icons: icons.link,
      description: 'Sends a URL-mode elicitation whose host is punycode (xn--), so the client should warn before anyone opens it.',
      inputSchema: z.object({ url: z.string().default('https://xn--pypal-4ve.com/login?next=%2Faccount').describe('The URL to send') }),
      annotations: { readOnlyHint: true, openWorldHint: true },
    },
    async ({ url }, ctx) => {
      const result = await ctx.mcpReq.send({ method: 'elicitation/create', params: { mode: 'url', message: 'Sign in to continue.', url, elicitationId: randomUUID() } });
      return summary(`URL elicitation answered: ${result.action}`, result);
    },
  );

  server.registerTool(
    'ask-two-at-once',
    {
      title: 'Two questions at once',
      icons: icons.prompt,
      description: 'Sends two elicitations in parallel, so the client has to queue them. Returns both answers.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async (_args, ctx) => {
      const ask = (message: string, key: string) =>
        ctx.mcpReq.send({
          method: 'elicitation/create',
          params: { mode: 'form', message, requestedSchema: { type: 'object', properties: { [key]: { type: 'string', title: key } } } },
        });
      const [first, second] = await Promise.all([ask('First question: your team?', 'team'), ask('Second question: your city?', 'city')]);
      return summary('Both answered.', { first, second });
    },
  );

  server.registerTool(
    'ask-with-timeout',
    {
      title: 'A question that times out',
      icons: icons.progress,
      description: 'Sends an elicitation and gives up after a few seconds (the server cancels it with notifications/cancelled).',
      inputSchema: z.object({ seconds: z.number().min(1).max(60).default(2).describe('How long to wait for an answer') }),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async ({ seconds }, ctx) => {
      try {
        const result = await ctx.mcpReq.send(
          { method: 'elicitation/create', params: { mode: 'form', message: `Answer within ${seconds} s.`, requestedSchema: { type: 'object', properties: { answer: { type: 'string' } } } } },
          { timeout: seconds * 1000 },
        );
        return summary('Answered in time.', result);
      } catch (error) {
        return summary(`No answer: ${(error as Error).message}`, {}, true);
      }
    },
  );

  // Per session: the first call needs a URL elicitation; it "completes" a moment later, then a retry works.
  const completed = new Set<string>();
  let pendingId: string | undefined;
  server.registerTool(
    'needs-authorization',
    {
      title: 'Needs a browser step (-32042)',
      icons: icons.link,
      description: 'Fails with -32042 (URL elicitation required) until the elicitation completes, which the server announces with notifications/elicitation/complete after a second. Retry then succeeds.',
      inputSchema: z.object({}),
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    async () => {
      if (pendingId && completed.has(pendingId)) return { content: [{ type: 'text', text: 'Authorized: the browser step was completed, so this call succeeds.' }] };
      if (!pendingId) {
        const id = randomUUID();
        pendingId = id;
        const notify = server.server.createElicitationCompletionNotifier(id);
        setTimeout(() => {
          completed.add(id);
          void notify().catch(() => undefined);
        }, 1000).unref();
      }
      throw new UrlElicitationRequiredError(
        [{ mode: 'url', elicitationId: pendingId, url: 'https://auth.example.com/authorize?client=mcp-lens-demo', message: 'Authorize the demo server with example.com.' }],
        'This tool needs you to authorize it in the browser first.',
      );
    },
  );
}

const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Current weather for a city',
  inputSchema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

const EVERY_FIELD_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string' as const, title: 'Name', description: 'Your full name', minLength: 2, maxLength: 40, default: 'Ada Lovelace' },
    email: { type: 'string' as const, title: 'Email', format: 'email' as const, default: 'ada@example.com' },
    homepage: { type: 'string' as const, title: 'Homepage', format: 'uri' as const, default: 'https://example.com/ada' },
    birthday: { type: 'string' as const, title: 'Birthday', format: 'date' as const, default: '1815-12-10' },
    meeting: { type: 'string' as const, title: 'Next meeting', format: 'date-time' as const, default: '2025-11-25T09:30:00Z' },
    code: { type: 'string' as const, title: 'Team code', description: 'Three capital letters', pattern: '^[A-Z]{3}$', default: 'ENG' },
    age: { type: 'integer' as const, title: 'Age', minimum: 0, maximum: 150, default: 36 },
    score: { type: 'number' as const, title: 'Score', minimum: 0, maximum: 100, default: 95.5 },
    subscribe: { type: 'boolean' as const, title: 'Subscribe to news', default: true },
    color: { type: 'string' as const, title: 'Favourite colour', enum: ['red', 'green', 'blue'], default: 'green' },
    size: {
      type: 'string' as const,
      title: 'Size',
      oneOf: [
        { const: 's', title: 'Small' },
        { const: 'm', title: 'Medium' },
        { const: 'l', title: 'Large' },
      ],
      default: 'm',
    },
    plan: { type: 'string' as const, title: 'Plan (legacy enumNames)', enum: ['free', 'pro'], enumNames: ['Free plan', 'Pro plan'], default: 'pro' },
    languages: {
      type: 'array' as const,
      title: 'Languages',
      minItems: 1,
      maxItems: 3,
      items: { type: 'string' as const, enum: ['en', 'fr', 'pt', 'de'] },
      default: ['en', 'pt'],
    },
    days: {
      type: 'array' as const,
      title: 'Available days',
      items: { anyOf: [{ const: 'mon', title: 'Monday' }, { const: 'wed', title: 'Wednesday' }, { const: 'fri', title: 'Friday' }] },
      default: ['wed'],
    },
  },
  required: ['name', 'email', 'age'],
};

type ToolContext = Parameters<Parameters<McpServer['registerTool']>[2]>[1];

/**
 * Server requests go out through ctx.mcpReq.send, which ties them to the tool call (on Streamable HTTP they
 * travel on the call's own response stream), so the client can tell which call they belong to.
 */
async function sample(ctx: ToolContext, params: Record<string, unknown>) {
  return (await ctx.mcpReq.send({ method: 'sampling/createMessage', params })) as CreateMessageResultWithTools;
}

function summary(text: string, data: unknown, isError = false): CallToolResult {
  return { content: [{ type: 'text', text }, { type: 'text', text: JSON.stringify(data, null, 2) }], isError };
}
