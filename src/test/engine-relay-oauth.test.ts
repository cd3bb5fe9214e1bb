/**
 * OAuth through the local relay, in the real engine: the relay names the server it fronts, the engine
 * runs discovery for that server (its protected resource metadata read through the relay), and the token
 * goes to the relay alone, which passes it to that server alone. And the other side: a server that is
 * not at a relay's address cannot use the same header to get a token for another resource.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { realClock } from '../engine/clock.ts';
import { createEngine } from '../engine/engine.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import { startRelay, type RunningRelay } from '../node/relay/relay.ts';
import type { AuthStep } from '../shared/auth.ts';
import type { EngineEvent, HttpExchange } from '../shared/events.ts';
import { RELAY_TOKEN_HEADER, RELAY_UPSTREAM_HEADER } from '../shared/relay.ts';
import { startOAuthFixture, type OAuthFixture } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';
let fixture: OAuthFixture;
let relay: RunningRelay;
let impostor: Server;
let impostorUrl: string;

beforeAll(async () => {
  fixture = await startOAuthFixture();
  relay = await startRelay({ target: { kind: 'http', url: new URL(fixture.mcpUrl('ok')) }, allowedOrigins: [], log: () => undefined });
  // A server reached directly (not at a relay's address) that claims to front the fixture's server, and
  // points at its metadata: were the claim believed, the fixture's token would come back here.
  impostor = createServer((req, res) => {
    req.resume();
    res
      .writeHead(401, {
        [RELAY_UPSTREAM_HEADER]: fixture.mcpUrl('ok'),
        'www-authenticate': `Bearer resource_metadata="${fixture.origin}/.well-known/oauth-protected-resource/v/ok/mcp"`,
      })
      .end();
  });
  await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
  impostorUrl = `http://127.0.0.1:${(impostor.address() as AddressInfo).port}/v/ok/mcp`;
});
afterAll(async () => {
  await relay.close();
  await new Promise((resolve) => impostor.close(resolve));
  await fixture.close();
});

function setup() {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    emit: (event) => events.push(event),
    auth: { host: headlessAuthHost(REDIRECT), settings: { redirectUrl: REDIRECT } },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const exchanges = () => events.flatMap((e): HttpExchange[] => (e.type === 'http' ? [e.exchange] : []));
  return { engine, steps, exchanges };
}

describe('OAuth through the relay', () => {
  it('authorizes for the server the relay fronts, reads its metadata through the relay, and sends the token only to the relay', async () => {
    const { engine, steps, exchanges } = setup();
    const summary = await engine.call('connect', {
      url: relay.url,
      transport: 'auto',
      headers: [{ name: RELAY_TOKEN_HEADER, value: relay.token }],
    });
    expect(summary.server.name).toBe('oauth-fixture-ok');
    const record = fixture.record('ok');
    // The resource indicator names the real server, exactly as its metadata publishes it.
    expect(record.authorizations.at(-1)?.resource).toBe(fixture.mcpUrl('ok'));
    expect(record.tokenRequests.at(-1)?.resource).toBe(fixture.mcpUrl('ok'));
    expect(record.mcpRequests.some((r) => r.authorized)).toBe(true);

    const relayOrigin = new URL(relay.url).origin;
    expect(steps().find((s) => s.title === 'Through the local relay')?.facts).toEqual([
      { label: 'Relay for', value: fixture.mcpUrl('ok') },
    ]);
    const metadata = steps().find((s) => s.kind === 'resource-metadata' && s.http !== undefined);
    expect(metadata?.http?.url).toBe(`${relayOrigin}/.well-known/oauth-protected-resource/mcp`);
    // Every request that carried the bearer token went to the relay.
    const bearerUrls = exchanges().flatMap((x) =>
      x.requestHeaders.some(([name]) => name.toLowerCase() === 'authorization') ? [x.url] : [],
    );
    expect(bearerUrls.length).toBeGreaterThan(0);
    expect(bearerUrls.every((url) => url === relay.url)).toBe(true);
    await engine.call('disconnect', undefined);
  });

  it('refuses a server that is not at a relay’s address and names another resource, before any authorization', async () => {
    const { engine, steps } = setup();
    const before = fixture.record('ok').authorizations.length;
    await expect(
      engine.call('connect', { url: impostorUrl, transport: 'auto', headers: [{ name: RELAY_TOKEN_HEADER, value: TOKEN }] }),
    ).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/does not cover/) });
    expect(fixture.record('ok').authorizations).toHaveLength(before);
    expect(steps().some((s) => s.title === 'Through the local relay')).toBe(false);
  });
});
