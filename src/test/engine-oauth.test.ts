/** OAuth in the real engine, in Node, against the loopback mock authorization server and protected MCP server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine, type Engine } from '../engine/engine.ts';
import type { AuthHost } from '../engine/auth/session.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import type { AuthStatus, AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createShiftedClock } from './support/clocks.ts';
import { startOAuthFixture, type OAuthFixture, type OAuthVariant } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
let fixture: OAuthFixture;

/** Shared by the engines and the fixture, so a token expires for both when a test skips time. */
const clock = createShiftedClock();
beforeAll(async () => {
  fixture = await startOAuthFixture({ now: clock.now });
});
afterAll(() => fixture.close());

function setup(host: AuthHost = headlessAuthHost(REDIRECT)) {
  const events: EngineEvent[] = [];
  const engine: Engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock,
    emit: (event) => events.push(event),
    auth: { host, settings: { redirectUrl: REDIRECT } },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const statuses = () => events.flatMap((e): AuthStatus[] => (e.type === 'auth' && e.update.kind === 'status' ? [e.update.status] : []));
  const connect = (variant: OAuthVariant) => engine.call('connect', { url: fixture.mcpUrl(variant), transport: 'auto', headers: [] });
  return { engine, events, steps, statuses, connect };
}

/** A person who has not acted yet: the engine reports the URL and waits for completeAuthorization. */
const personHost: AuthHost = { authorize: async () => undefined };

/** What the browser would land on after approving: the authorization endpoint's redirect target. */
async function approve(url: string): Promise<string> {
  const response = await fetch(url, { redirect: 'manual' });
  return new URL(response.headers.get('location')!, url).href;
}

describe('OAuth in the engine', () => {
  it('connects through 401 → discovery → registration → PKCE S256 → token, with the resource indicator on both requests', async () => {
    const { engine, steps, connect } = setup();
    const summary = await connect('ok');
    expect(summary.server.name).toBe('oauth-fixture-ok');
    const { tools } = await engine.call('listTools', undefined);
    expect(tools.map((t) => t.name)).toEqual(['echo', 'write-note']);

    const record = fixture.record('ok');
    const resource = fixture.mcpUrl('ok');
    expect(record.authorizations).toHaveLength(1);
    expect(record.authorizations[0]).toMatchObject({ resource, codeChallengeMethod: 'S256', scope: 'mcp:read' });
    expect(record.authorizations[0]!.state).toMatch(/^[0-9a-f]{32}$/);
    expect(record.tokenRequests).toEqual([expect.objectContaining({ grantType: 'authorization_code', resource })]);

    const kinds = steps().map((s) => `${s.kind}:${s.verdict}`);
    expect(kinds).toEqual(
      expect.arrayContaining([
        'challenge:ok',
        'resource-metadata:ok',
        'server-metadata:ok',
        'registration:ok',
        'authorization:ok',
        'callback:ok',
        'iss-check:ok',
        'token:ok',
      ]),
    );
    // Secrets never reach the view: the token response is masked.
    const token = steps().find((s) => s.kind === 'token')!;
    expect(token.http?.responseBody).toMatch(/"access_token": "•••• \(32 chars\)"/);
    expect(token.http?.requestBody).not.toMatch(/code_verifier=[\w-]{43}/);
    await engine.call('disconnect', undefined);
  });

  it('fails on 401 without falling back to the legacy transport when no one has authorized yet', async () => {
    const { connect, statuses } = setup(personHost);
    const seen = fixture.record('ok').mcpRequests.length;
    await expect(connect('ok')).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/Authorize/) });
    const waiting = statuses().find((s) => s.phase === 'awaiting-user');
    expect(waiting).toMatchObject({ phase: 'awaiting-user', url: expect.stringContaining('/as/ok/authorize?') });
    // Only the era probe: a 401 is no evidence of an era, so neither initialize nor an HTTP+SSE GET follows it.
    expect(
      fixture
        .record('ok')
        .mcpRequests.slice(seen)
        .map((r) => r.method),
    ).toEqual(['server/discover']);
  });

  it('refuses an authorization server that does not advertise S256, before any navigation', async () => {
    const { connect, steps } = setup();
    await expect(connect('no-s256')).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/S256/) });
    expect(fixture.record('no-s256').authorizations).toHaveLength(0);
    expect(steps().some((s) => s.verdict === 'refused' && /S256/.test(s.detail ?? ''))).toBe(true);
  });

  it('refuses a javascript: authorization endpoint before any navigation', async () => {
    let opened = 0;
    const { connect } = setup({ authorize: async () => void opened++ });
    await expect(connect('js-endpoint')).rejects.toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/javascript/) });
    expect(opened).toBe(0);
    expect(fixture.record('js-endpoint').authorizations).toHaveLength(0);
  });

  it('discards a callback with the wrong state, accepts the right one once, then connects', async () => {
    const { engine, connect, statuses, steps } = setup(personHost);
    await expect(connect('consent')).rejects.toMatchObject({ code: 'unauthorized' });
    const waiting = statuses().find((s) => s.phase === 'awaiting-user') as Extract<AuthStatus, { phase: 'awaiting-user' }>;
    const callback = await approve(`${waiting.url}&approved=1`);
    const forged = new URL(callback);
    forged.searchParams.set('state', 'f'.repeat(32));

    await expect(engine.call('completeAuthorization', { callbackUrl: forged.href })).rejects.toMatchObject({
      message: expect.stringMatching(/state/),
    });
    expect(steps().at(-1)).toMatchObject({ kind: 'callback', verdict: 'refused' });
    expect(fixture.record('consent').tokenRequests).toHaveLength(0);

    await engine.call('completeAuthorization', { callbackUrl: callback });
    await expect(engine.call('completeAuthorization', { callbackUrl: callback })).rejects.toMatchObject({ code: 'unauthorized' });
    expect(fixture.record('consent').tokenRequests).toHaveLength(1);

    const summary = await connect('consent');
    expect(summary.server.name).toBe('oauth-fixture-consent');
    await engine.call('disconnect', undefined);
  });

  it('refreshes an expired token with the resource indicator, and the rotated refresh token works next time', async () => {
    const { engine, connect, steps } = setup();
    await connect('short');
    for (let round = 0; round < 2; round++) {
      clock.skip(1_100); // past the fixture's 1 s token lifetime, for the engine and the fixture alike
      await engine.call('listTools', undefined);
    }
    const record = fixture.record('short');
    const refreshes = record.tokenRequests.filter((r) => r.grantType === 'refresh_token');
    expect(refreshes.length).toBeGreaterThanOrEqual(2);
    expect(refreshes.every((r) => r.resource === fixture.mcpUrl('short'))).toBe(true);
    expect(record.refreshTokensRejected).toBe(0);
    expect(record.authorizations).toHaveLength(1); // no new consent needed
    expect(steps().filter((s) => s.kind === 'refresh' && s.verdict === 'ok').length).toBeGreaterThanOrEqual(2);
    await engine.call('disconnect', undefined);
  });

  it('steps up on 403 insufficient_scope with the union of scopes, then the call succeeds', async () => {
    const { engine, connect, steps } = setup();
    await connect('step-up');
    const outcome = await engine.call('callTool', { name: 'write-note', arguments: { text: 'hi' } });
    expect(outcome.isError).toBe(false);
    expect(JSON.stringify(outcome.content)).toMatch(/mcp:read mcp:write/);
    const scopes = fixture.record('step-up').authorizations.map((a) => a.scope);
    expect(scopes).toEqual(['mcp:read', 'mcp:read mcp:write']);
    expect(steps().some((s) => s.kind === 'step-up' && s.verdict === 'ok')).toBe(true);
    await engine.call('disconnect', undefined);
  });

  it('a second Run while a step-up sign-in is open waits for that sign-in, so its callback is still accepted', async () => {
    const { engine, connect, statuses } = setup(personHost);
    await expect(connect('step-up')).rejects.toMatchObject({ code: 'unauthorized' });
    const first = statuses().findLast((s) => s.phase === 'awaiting-user') as Extract<AuthStatus, { phase: 'awaiting-user' }>;
    await engine.call('completeAuthorization', { callbackUrl: await approve(first.url) });
    await connect('step-up');

    const run = () => engine.call('callTool', { name: 'write-note', arguments: { text: 'hi' } });
    await expect(run()).rejects.toMatchObject({ code: 'unauthorized' });
    const stepUp = statuses().findLast((s) => s.phase === 'awaiting-user') as Extract<AuthStatus, { phase: 'awaiting-user' }>;
    // Pressed again before the person is back: the same authorization, not a new state.
    await expect(run()).rejects.toMatchObject({ code: 'unauthorized' });
    const again = statuses().findLast((s) => s.phase === 'awaiting-user') as Extract<AuthStatus, { phase: 'awaiting-user' }>;
    expect(again.state).toBe(stepUp.state);

    await engine.call('completeAuthorization', { callbackUrl: await approve(stepUp.url) });
    const outcome = await run();
    expect(JSON.stringify(outcome.content)).toMatch(/mcp:read mcp:write/);
    await engine.call('disconnect', undefined);
  });

  it('sends a token only to the server it was issued for, and Forget drops it', async () => {
    const { engine, connect } = setup();
    await connect('ok');
    const before = fixture.record('step-up').mcpRequests.length;
    await connect('step-up');
    const first = fixture.record('step-up').mcpRequests[before]!;
    expect(first.bearer).toBe(false); // ok's token never went to step-up

    await engine.call('disconnect', undefined);
    await engine.call('forgetAuthorization', { serverUrl: fixture.mcpUrl('ok') });
    const authorizations = fixture.record('ok').authorizations.length;
    await connect('ok');
    expect(fixture.record('ok').authorizations.length).toBe(authorizations + 1);
    await engine.call('disconnect', undefined);
  });
});
