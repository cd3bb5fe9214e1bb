/** Our own secrets (Authorization, API keys) never appear in anything the engine reports: log, exchanges, notes, errors. */
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from './support/engine-harness.ts';
import { browserCorsFetch } from './support/browser-cors-fetch.ts';
import { send, startMcp } from './support/raw-mcp.ts';

const SECRET = 'sk-live-0123456789abcdef';
const servers: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const headers = [
  { name: 'Authorization', value: `Bearer ${SECRET}` },
  { name: 'X-Api-Key', value: SECRET },
];

describe('secrets', () => {
  it('are sent to the server but appear nowhere in the events, through success and failure', async () => {
    const server = await startMcp((req, res) => send(res, 500, '<h1>boom</h1>', { 'content-type': 'text/html' }), { sessionId: 's' });
    servers.push(server);
    const h = createHarness();
    await h.engine.call('connect', { url: server.url, headers, transport: 'streamable-http', era: 'legacy' });
    await h.engine
      .call('callTool', { name: 'x', arguments: {} })
      .catch((error: unknown) => h.events.push({ type: 'note', time: 0, level: 'error', text: JSON.stringify(error) }));
    await h.engine.call('disconnect', undefined);
    expect(server.requests.every((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(JSON.stringify(h.events)).not.toContain(SECRET);
    expect(JSON.stringify(h.exchanges())).toContain('Bearer ••••');
  });

  it('are never put into CORS probes', async () => {
    const server = await startMcp(() => undefined);
    servers.push(server);
    const seen: Array<{ headers: string; probe: boolean }> = [];
    const spy: typeof fetch = async (input, init) => {
      const probe = typeof init?.body === 'string' && init.body.includes('mcp-lens-cors-probe');
      seen.push({ headers: JSON.stringify([...new Headers(init?.headers).entries()]), probe });
      return fetch(input, init);
    };
    const h = createHarness({ fetch: browserCorsFetch('http://app.example', spy) });
    const error = await h.engine
      .call('connect', { url: server.url, headers, transport: 'streamable-http', era: 'legacy' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'cors' });
    // The failed connect itself sent the secret (it is the user's request); the probes after it did not.
    const probes = seen.filter((s) => s.probe);
    expect(probes.length).toBeGreaterThan(0);
    expect(probes.filter((s) => s.headers.includes(SECRET))).toEqual([]);
    expect(JSON.stringify(h.events) + JSON.stringify(error)).not.toContain(SECRET);
  });
});
