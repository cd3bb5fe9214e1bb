import { Client, StreamableHTTPClientTransport, type ClientCapabilities, type ElicitRequest } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { startDemoServer, type RunningDemoServer } from './server.ts';
import { TICKER_URI } from './subscriptions.ts';

// The demo server through the SDK client, in both eras: a 2026-07-28 client (pinned, and negotiating with
// `auto`) and a 2025 client on the same endpoint.

let server: RunningDemoServer;
const clients: Client[] = [];

beforeAll(async () => {
  server = await startDemoServer({ port: 0 });
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
});
afterAll(async () => {
  await server.close();
});

const EVERYTHING: ClientCapabilities = { elicitation: { form: {}, url: {} }, sampling: { tools: {} }, roots: { listChanged: true } };

type Mode = 'legacy' | 'auto' | { pin: string };

/** A connected client whose elicitation answers come from `answer`, recording each request it is asked. */
async function connect(
  mode: Mode,
  answer: (params: ElicitRequest['params']) => Record<string, unknown> = () => ({ action: 'accept', content: {} }),
) {
  const client = new Client({ name: 'vitest', version: '1.0.0' }, { capabilities: EVERYTHING, versionNegotiation: { mode } });
  const asked: ElicitRequest['params'][] = [];
  client.setRequestHandler('elicitation/create', async (request) => {
    asked.push(request.params);
    return answer(request.params) as { action: 'accept' };
  });
  client.setRequestHandler('roots/list', async () => ({ roots: [{ uri: 'file:///work/lens', name: 'Lens' }] }));
  const transport = new StreamableHTTPClientTransport(new URL(server.url));
  await client.connect(transport);
  clients.push(client);
  return { client, asked, transport };
}

const text = (result: { content?: unknown }) => JSON.stringify(result.content);
const pinned = { pin: '2026-07-28' };

describe('a 2026-07-28 client', () => {
  it('connects statelessly and sees the same tools, plus the 2026 showcase', async () => {
    const { client, transport } = await connect(pinned);
    expect(client.getProtocolEra()).toBe('modern');
    expect(transport.sessionId).toBeUndefined();
    expect(client.getServerVersion()).toMatchObject({ name: 'mcp-lens-demo' });
    expect(client.getInstructions()).toContain('On 2026-07-28 there are no sessions');
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['echo', 'toggle-bonus-tool', 'ask-every-field', 'lookup-order', 'show-roots', 'ask-twice']),
    );
    expect(text(await client.callTool({ name: 'echo', arguments: { message: 'hi' } }))).toContain('hi');
  });

  it('mirrors x-mcp-header arguments into Mcp-Param-* headers, Base64 where needed', async () => {
    const { client } = await connect(pinned);
    await client.listTools();
    const result = await client.callTool({
      name: 'lookup-order',
      arguments: { orderId: 'B-7', region: 'São Paulo', priority: 5, express: true, weightKg: 2.5 },
    });
    const headers = (result.structuredContent as { headers: Record<string, { value: string; decoded?: string }> }).headers;
    expect(headers['mcp-param-region']).toEqual({
      value: `=?base64?${Buffer.from('São Paulo').toString('base64')}?=`,
      decoded: 'São Paulo',
    });
    expect(headers['mcp-param-priority']).toEqual({ value: '5' });
    expect(headers['mcp-param-express']).toEqual({ value: 'true' });
    expect(headers['mcp-method']).toEqual({ value: 'tools/call' });
    expect(headers['mcp-name']).toEqual({ value: 'lookup-order' });
    expect(Object.keys(headers).filter((name) => name.startsWith('mcp-param-'))).toHaveLength(3);
    expect(text(result)).toContain(
      'Mirrored headers received: mcp-param-express: true, mcp-param-priority: 5, mcp-param-region: São Paulo.',
    );
  });

  it('asks for a form, a URL visit and the roots as input_required rounds', async () => {
    const { client, asked } = await connect(pinned, (params) =>
      params.mode === 'url' ? { action: 'decline' } : { action: 'accept', content: { name: 'Grace', email: 'g@example.com', age: 40 } },
    );
    expect(text(await client.callTool({ name: 'ask-every-field', arguments: {} }))).toContain('Grace');
    expect(asked[0]).toMatchObject({ mode: 'form', message: 'Tell the demo server about yourself.' });

    expect(text(await client.callTool({ name: 'open-lookalike-url', arguments: {} }))).toContain('URL elicitation answered: decline');
    expect(asked[1]).toMatchObject({ mode: 'url', url: 'https://xn--pypal-4ve.com/login?next=%2Faccount' });
    expect(asked[1]).not.toHaveProperty('elicitationId');

    expect(text(await client.callTool({ name: 'show-roots', arguments: {} }))).toContain('file:///work/lens (Lens)');

    const authorized = await client.callTool({ name: 'needs-authorization', arguments: {} });
    expect(text(authorized)).toContain('Not authorized');
  });

  it('asks twice, carrying the first answer to the last round in requestState', async () => {
    const { client, asked } = await connect(pinned, (params) =>
      params.message.startsWith('What')
        ? { action: 'accept', content: { name: 'Lens' } }
        : { action: 'accept', content: { confirm: true } },
    );
    const result = await client.callTool({ name: 'ask-twice', arguments: {} });
    expect(asked.map((p) => p.message)).toEqual(['What should the new project be called?', 'Create a project called "Lens"?']);
    expect(result.structuredContent ?? JSON.parse((result.content as { text: string }[])[1]!.text)).toMatchObject({
      rounds: 3,
      name: 'Lens',
      confirmed: true,
    });
  });

  it('runs two sampling rounds, the tool result in the second', async () => {
    const { client } = await connect(pinned);
    const seen: unknown[] = [];
    client.setRequestHandler('sampling/createMessage', async (request) => {
      seen.push(request.params);
      if (seen.length === 1)
        return {
          role: 'assistant',
          model: 'test',
          stopReason: 'toolUse',
          content: [{ type: 'tool_use', id: 't1', name: 'get_weather', input: { city: 'Porto' } }],
        };
      return { role: 'assistant', model: 'test', content: { type: 'text', text: 'Sunny in Porto.' } };
    });
    const result = await client.callTool({ name: 'sample-with-tools', arguments: { city: 'Porto' } });
    expect(text(result)).toContain('Tool round done (1 tool use).');
    expect(text(result)).toContain('Sunny in Porto.');
    expect(JSON.stringify(seen[1])).toContain('"toolChoice":{"mode":"none"}');
    expect(JSON.stringify(seen[1])).toContain('tool_result');
  });

  it('answers a quick reply to ask-with-timeout', async () => {
    const { client } = await connect(pinned, () => ({ action: 'accept', content: { answer: 'now' } }));
    expect(text(await client.callTool({ name: 'ask-with-timeout', arguments: { seconds: 30 } }))).toContain('Answered in time.');
  });

  // The ticker changes every 1.5 s: leave a loaded machine room for the first tick.
  it('hears a tool list change and ticker and notes updates on a listen stream', async () => {
    const { client } = await connect(pinned);
    const before = (await client.listTools()).tools.map((t) => t.name);
    const changed = new Promise((resolve) => client.setNotificationHandler('notifications/tools/list_changed', resolve));
    const updated = new Set<string>();
    let sawBoth: () => void;
    const both = new Promise<void>((resolve) => (sawBoth = resolve));
    client.setNotificationHandler('notifications/resources/updated', (note) => {
      updated.add(note.params.uri);
      if (updated.has(TICKER_URI) && updated.has('demo://notes')) sawBoth();
    });
    const subscription = await client.listen({ toolsListChanged: true, resourceSubscriptions: [TICKER_URI, 'demo://notes'] });
    expect(subscription.honoredFilter).toMatchObject({ toolsListChanged: true, resourceSubscriptions: [TICKER_URI, 'demo://notes'] });

    await client.callTool({ name: 'toggle-bonus-tool', arguments: {} });
    await changed;
    const after = (await client.listTools()).tools.map((t) => t.name);
    expect(after.includes('roll-dice')).toBe(!before.includes('roll-dice'));
    await client.callTool({ name: 'add-note', arguments: { text: 'from the listen test' } });
    await both;

    // The state is shared by every 2026 client: put it back.
    await client.callTool({ name: 'toggle-bonus-tool', arguments: {} });
    await client.callTool({ name: 'clear-notes', arguments: {} });
    await subscription.close();
  });
});

describe('era negotiation on one endpoint', () => {
  it('an auto client picks the 2026-07-28 era', async () => {
    const { client } = await connect('auto');
    expect(client.getProtocolEra()).toBe('modern');
  });

  it('a 2025 client gets a session and real server→client requests, from the same handlers', async () => {
    const { client, asked, transport } = await connect('legacy', (params) =>
      params.message.startsWith('What')
        ? { action: 'accept', content: { name: 'Old' } }
        : { action: 'accept', content: { confirm: true, name: 'Grace' } },
    );
    expect(client.getProtocolEra()).toBe('legacy');
    expect(transport.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(text(await client.callTool({ name: 'ask-every-field', arguments: {} }))).toContain('Grace');
    expect(text(await client.callTool({ name: 'show-roots', arguments: {} }))).toContain('file:///work/lens');
    expect(text(await client.callTool({ name: 'ask-twice', arguments: {} }))).toContain('Created project \\"Old\\"');
    expect(asked.map((p) => p.message)).toEqual([
      'Tell the demo server about yourself.',
      'What should the new project be called?',
      'Create a project called "Old"?',
    ]);
    expect(text(await client.callTool({ name: 'lookup-order', arguments: { region: 'eu-west' } }))).toContain(
      'a 2025-11-25 client does not mirror',
    );
  });
});
