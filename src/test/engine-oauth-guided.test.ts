/**
 * The guided authorization, one step at a time before any 401, in the real engine against the OAuth
 * fixture: each step is recorded with its request and response, the sign-in and the token exchange are
 * the automatic flow's own, and the MCP server then accepts the token without a second sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.ts';
import type { AuthHost } from '../engine/auth/session.ts';
import type { AuthStep, GuidedStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createShiftedClock } from './support/clocks.ts';
import { startOAuthFixture, type OAuthFixture, type OAuthVariant } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
const clock = createShiftedClock();
let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture({ now: clock.now });
});
afterAll(() => fixture.close());

const personHost: AuthHost = { authorize: async () => undefined };

function setup(variant: OAuthVariant) {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock,
    emit: (event) => events.push(event),
    auth: { host: personHost, settings: { redirectUrl: REDIRECT } },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const waitingAt = () =>
    events
      .flatMap((e) =>
        e.type === 'auth' && e.update.kind === 'status' && e.update.status.phase === 'awaiting-user' ? [e.update.status.url] : [],
      )
      .at(-1);
  const serverUrl = fixture.mcpUrl(variant);
  const run = (step: Exclude<GuidedStep, 'token'>) => engine.call('runAuthorizationStep', { serverUrl, step });
  return { engine, steps, run, serverUrl, waitingAt };
}

describe('guided authorization', () => {
  it('steps through discovery, registration, sign-in and refresh, each with its exchange, then connects without a 401 flow', async () => {
    const { engine, steps, run, serverUrl, waitingAt } = setup('ok');
    expect(await run('resource-metadata')).toMatchObject({ outcome: 'done', summary: expect.stringContaining('/as/ok') });
    expect(steps().at(-1)).toMatchObject({ kind: 'resource-metadata', verdict: 'ok', http: { method: 'GET', status: 200 } });
    expect(await run('server-metadata')).toMatchObject({
      outcome: 'done',
      summary: expect.stringContaining('Dynamic Client Registration'),
    });
    expect(steps().at(-1)).toMatchObject({ kind: 'server-metadata', verdict: 'ok' });
    expect(await run('registration')).toMatchObject({ outcome: 'done', summary: expect.stringMatching(/^Registered dynamically as /) });
    expect(steps().at(-1)).toMatchObject({ kind: 'registration', http: { method: 'POST' } });

    const waiting = await run('authorization');
    expect(waiting.outcome).toBe('waiting');
    const request = steps().findLast((s) => s.kind === 'authorization')!;
    expect(request.title).toBe('Authorization request');
    const record = fixture.record('ok');
    expect(record.registrations).toHaveLength(1);

    // The person approves; the callback goes through the usual completion.
    const url = waitingAt()!;
    const approved = await fetch(url, { redirect: 'manual' });
    await engine.call('completeAuthorization', { callbackUrl: new URL(approved.headers.get('location')!, url).href });
    expect(steps().some((s) => s.kind === 'token' && s.verdict === 'ok')).toBe(true);

    expect(await run('refresh')).toMatchObject({ outcome: 'done' });
    expect(steps().at(-1)).toMatchObject({ kind: 'refresh', http: { method: 'POST', status: 200 } });

    const challengesBefore = steps().filter((s) => s.kind === 'challenge').length;
    await engine.call('connect', { url: serverUrl, transport: 'auto', headers: [] });
    expect(steps().filter((s) => s.kind === 'challenge')).toHaveLength(challengesBefore);
    expect(fixture.record('ok').registrations).toHaveLength(1);
    await engine.call('disconnect', undefined);
  });

  it('refuses a step out of order, and an authorization server without S256, before anything opens', async () => {
    const early = setup('ok');
    await expect(early.run('registration')).rejects.toMatchObject({
      message: expect.stringMatching(/authorization server metadata step first/),
    });
    await expect(early.run('refresh')).rejects.toMatchObject({ message: expect.stringMatching(/No token yet/) });

    const weak = setup('no-s256');
    await weak.run('resource-metadata');
    await expect(weak.run('server-metadata')).rejects.toMatchObject({ message: expect.stringMatching(/S256/) });
  });
});
