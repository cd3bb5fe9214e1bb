/**
 * The 2026-07-28 authorization hardening in the real engine, against the loopback mock authorization
 * server: the resource indicator exactly as published, the RFC 9207 iss check as its own step, and
 * offline_access / refresh tokens as the Authorization view reports them. (Authorization server
 * migration: engine-oauth-migration.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import type { AuthStatus, AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createShiftedClock } from './support/clocks.ts';
import { MIXUP_ERROR_DESCRIPTION, startOAuthFixture, type OAuthFixture, type OAuthVariant } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
let fixture: OAuthFixture;

beforeAll(async () => {
  fixture = await startOAuthFixture();
});
afterAll(() => fixture.close());

/** An engine with the headless host; `clock.skip` moves its clock (the fixture's clock stays real). */
function setup() {
  const events: EngineEvent[] = [];
  const clock = createShiftedClock();
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock,
    emit: (event) => events.push(event),
    auth: { host: headlessAuthHost(REDIRECT), settings: { redirectUrl: REDIRECT } },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const statuses = () => events.flatMap((e): AuthStatus[] => (e.type === 'auth' && e.update.kind === 'status' ? [e.update.status] : []));
  const connect = (variant: OAuthVariant) => engine.call('connect', { url: fixture.mcpUrl(variant), transport: 'auto', headers: [] });
  return { engine, events, clock, steps, statuses, connect };
}

const fact = (step: AuthStep | undefined, label: string) => step?.facts?.find((f) => f.label === label)?.value;

describe('the resource indicator', () => {
  it('goes out exactly as the metadata publishes it — a bare origin without "/" — on the authorization, token and refresh requests', async () => {
    const { engine, clock, connect } = setup();
    await connect('pathless');
    clock.skip(2 * 3_600_000); // the engine now thinks its access token has expired: it refreshes first
    await engine.call('listTools', undefined);
    const record = fixture.record('pathless');
    expect(record.authorizations.map((a) => a.resource)).toEqual([fixture.origin]);
    expect(record.tokenRequests.map((t) => `${t.grantType} ${t.resource}`)).toEqual([
      `authorization_code ${fixture.origin}`,
      `refresh_token ${fixture.origin}`,
    ]);
    await engine.call('disconnect', undefined);
  });
});

describe('the RFC 9207 iss check', () => {
  it('is its own step: passed when the server advertises iss and sends the recorded issuer', async () => {
    const { engine, steps, connect } = setup();
    await connect('iss-advertised');
    const check = steps().find((s) => s.kind === 'iss-check');
    expect(check).toMatchObject({ title: 'Issuer check passed', verdict: 'ok' });
    expect(fact(check, 'Expected issuer')).toBe(fixture.issuer('iss-advertised'));
    expect(fact(check, 'iss advertised')).toMatch(/^yes/);
    // The check comes after the state check and before the code is redeemed.
    const order = steps().map((s) => s.kind);
    expect(order.indexOf('callback')).toBeLessThan(order.indexOf('iss-check'));
    expect(order.indexOf('iss-check')).toBeLessThan(order.indexOf('token'));
    await engine.call('disconnect', undefined);
  });

  it('says "not advertised" and proceeds when the server neither advertises nor sends iss', async () => {
    const { engine, steps, connect } = setup();
    await connect('iss-absent');
    expect(steps().find((s) => s.kind === 'iss-check')).toMatchObject({ title: 'Issuer check: not advertised', verdict: 'info' });
    expect(fixture.record('iss-absent').tokenRequests).toHaveLength(1);
    await engine.call('disconnect', undefined);
  });

  it('fails with the reason, before the token request, when iss differs by a trailing slash only (exact comparison)', async () => {
    const { steps, statuses, connect } = setup();
    const failure = await connect('iss-wrong').catch((error: unknown) => error as { code: string; message: string });
    expect(failure).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/trailing slash only/) });
    const check = steps().find((s) => s.kind === 'iss-check');
    expect(check).toMatchObject({
      title: 'Issuer check failed',
      verdict: 'refused',
      detail: expect.stringMatching(/^Refused before the token request/),
    });
    expect(fact(check, 'iss in the response')).toBe('present (not shown)');
    expect(fixture.record('iss-wrong').tokenRequests).toHaveLength(0);
    expect(statuses().at(-1)).toMatchObject({ phase: 'failed', message: expect.stringMatching(/RFC 9207/) });
    // The received value itself is never repeated.
    expect(JSON.stringify(steps())).not.toContain(`${fixture.issuer('iss-wrong')}/"`);
  });

  it('on a mix-up never shows the error fields of the response, anywhere', async () => {
    const { events, steps, connect } = setup();
    const failure = await connect('iss-mixup').catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unauthorized', message: expect.stringMatching(/names another authorization server/) });
    expect(steps().find((s) => s.kind === 'iss-check')).toMatchObject({ title: 'Issuer check failed', verdict: 'refused' });
    for (const text of [JSON.stringify(events), JSON.stringify(failure)]) {
      expect(text).not.toContain('Call +1 555');
      expect(text).not.toContain(MIXUP_ERROR_DESCRIPTION);
      expect(text).not.toContain('access_denied');
      expect(text).not.toContain('as.attacker.example');
    }
  });
});

describe('offline_access and refresh tokens', () => {
  it('requests offline_access when the authorization server lists it, and reports the refresh token that came back', async () => {
    const { engine, steps, statuses, connect } = setup();
    await connect('offline');
    expect(fixture.record('offline').authorizations[0]?.scope?.split(' ')).toContain('offline_access');
    expect(
      fact(
        steps().find((s) => s.kind === 'authorization'),
        'offline_access',
      ),
    ).toMatch(/^requested \(the authorization server lists it\)/);
    const token = steps().find((s) => s.kind === 'token');
    expect(fact(token, 'Refresh token')).toMatch(/^received/);
    expect(fact(token, 'Keyed by issuer')).toBe(fixture.issuer('offline'));
    expect(statuses().at(-1)).toMatchObject({ phase: 'authorized', hasRefreshToken: true, issuer: fixture.issuer('offline') });
    await engine.call('disconnect', undefined);
  });

  it('does not request it when the server does not list it, and never assumes a refresh token', async () => {
    const { engine, steps, statuses, connect } = setup();
    await connect('no-refresh');
    expect(fixture.record('no-refresh').authorizations[0]?.scope).toBe('mcp:read');
    expect(
      fact(
        steps().find((s) => s.kind === 'authorization'),
        'offline_access',
      ),
    ).toBe('not requested (the authorization server does not list it)');
    expect(
      fact(
        steps().find((s) => s.kind === 'token'),
        'Refresh token',
      ),
    ).toMatch(/^none came back/);
    expect(statuses().at(-1)).toMatchObject({ phase: 'authorized', hasRefreshToken: false });
    await engine.call('disconnect', undefined);
  });
});
