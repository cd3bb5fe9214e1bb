/**
 * What outlives one engine: "Remember on this device" (IndexedDB through fake-indexeddb), the cross-tab
 * refresh lock, and finishing an authorization in a fresh engine after a full-page redirect.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.ts';
import type { AuthHost } from '../engine/auth/session.ts';
import { createIndexedDbVault, type AuthVault, type LockFn } from '../engine/auth/vault.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import type { AuthStatus, AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { Clock } from '../engine/clock.ts';
import { createShiftedClock } from './support/clocks.ts';
import { startOAuthFixture, type OAuthFixture, type OAuthVariant } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
let fixture: OAuthFixture;
/** Shared by every tab and the fixture, so a token expires for all of them when a test skips time. */
const clock = createShiftedClock();
beforeAll(async () => {
  fixture = await startOAuthFixture({ now: clock.now });
});
afterAll(() => fixture.close());

/** A person who has not acted yet: the engine reports the URL and waits. */
const personHost: AuthHost = { authorize: async () => undefined };

/** One "tab": an engine with its own memory, sharing the device's vault (and lock) with other tabs. */
function tab(options: { vault?: AuthVault; lock?: LockFn; host?: AuthHost; clock?: Clock } = {}) {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: options.clock ?? clock,
    emit: (event) => events.push(event),
    auth: {
      host: options.host ?? headlessAuthHost(REDIRECT),
      settings: { redirectUrl: REDIRECT },
      ...(options.vault && { vault: options.vault }),
      ...(options.lock && { lock: options.lock }),
    },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const statuses = () => events.flatMap((e): AuthStatus[] => (e.type === 'auth' && e.update.kind === 'status' ? [e.update.status] : []));
  const connect = (variant: OAuthVariant) => engine.call('connect', { url: fixture.mcpUrl(variant), transport: 'auto', headers: [] });
  return { engine, steps, statuses, connect };
}

/** navigator.locks within one process: an exclusive lock per name, in request order. */
function processLock(): LockFn {
  const tails = new Map<string, Promise<unknown>>();
  return (name, work) => {
    const run = (tails.get(name) ?? Promise.resolve()).catch(() => undefined).then(work);
    tails.set(name, run);
    return run;
  };
}

const serverKey = (variant: OAuthVariant) => fixture.mcpUrl(variant);

describe('IndexedDB vault', () => {
  it('stores, reads and deletes one record per resource, and ignores records of another shape', async () => {
    const factory = new IDBFactory();
    const vault = createIndexedDbVault(factory);
    const record = {
      key: 'https://a.example/mcp',
      serverUrl: 'https://a.example/mcp',
      savedAt: 1,
      tokens: { access_token: 'at', token_type: 'Bearer' },
    };
    await vault.put(record);
    expect(await vault.get(record.key)).toEqual(record);
    expect(await vault.get('https://b.example/mcp')).toBeUndefined();
    // Another build (or a person in devtools) wrote something else under the key.
    await createIndexedDbVault(factory).put({ key: 'https://c.example/mcp', serverUrl: 'x', savedAt: 1 } as never);
    expect(await vault.get('https://c.example/mcp')).toBeUndefined();
    await vault.delete(record.key);
    expect(await vault.get(record.key)).toBeUndefined();
  });
});

describe('Remember on this device', () => {
  it('is off by default: tokens stay in memory and a new tab must authorize again', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.connect('ok');
    expect(await vault.get(serverKey('ok'))).toBeUndefined();
    await first.engine.call('disconnect', undefined);
    await expect(tab({ vault, host: personHost }).connect('ok')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('when opted in, a new tab connects with the remembered tokens without asking, until Forget', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('ok'), remember: true });
    await first.connect('ok');
    const stored = await vault.get(serverKey('ok'));
    expect(stored?.tokens.access_token).toMatch(/^[0-9a-f]{32}$/);
    expect(stored?.client?.client_id).toMatch(/^client-/);
    expect(first.statuses().at(-1)).toMatchObject({ phase: 'authorized', remembered: true });
    // Nothing token-shaped left the engine: every event is masked.
    expect(JSON.stringify(first.steps())).not.toContain(stored!.tokens.access_token);
    await first.engine.call('disconnect', undefined);

    const authorizations = fixture.record('ok').authorizations.length;
    const second = tab({ vault, host: personHost });
    const summary = await second.connect('ok');
    expect(summary.server.name).toBe('oauth-fixture-ok');
    expect(fixture.record('ok').authorizations.length).toBe(authorizations);
    expect(second.steps().some((s) => s.kind === 'remembered' && s.title === 'Remembered tokens loaded')).toBe(true);
    expect(second.statuses().at(-1)).toMatchObject({ phase: 'authorized', remembered: true });
    await second.engine.call('disconnect', undefined);

    await second.engine.call('forgetAuthorization', { serverUrl: fixture.mcpUrl('ok') });
    expect(await vault.get(serverKey('ok'))).toBeUndefined();
    await expect(second.connect('ok')).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(tab({ vault, host: personHost }).connect('ok')).rejects.toMatchObject({ code: 'unauthorized' });
  });

  it('keeps a pre-registered client by its id alone: a typed secret is never written to the device', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.engine.call('configureAuth', { redirectUrl: REDIRECT, clientId: 'pre-registered-1', clientSecret: 'typed-secret' });
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('ok'), remember: true });
    await first.connect('ok');
    const stored = await vault.get(serverKey('ok'));
    expect(stored?.client).toEqual({ client_id: 'pre-registered-1' });
    expect(JSON.stringify(stored)).not.toContain('typed-secret');
    await first.engine.call('disconnect', undefined);
  });

  it('unticking deletes the copy on this device but keeps the session in memory', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('ok'), remember: true });
    await first.connect('ok');
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('ok'), remember: false });
    expect(await vault.get(serverKey('ok'))).toBeUndefined();
    await first.engine.call('listTools', undefined);
    await first.engine.call('disconnect', undefined);
  });

  it('refreshes expired remembered tokens on connect, and two tabs never spend a rotated refresh token twice', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const lock = processLock();
    const a = tab({ vault, lock });
    await a.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('short'), remember: true });
    await a.connect('short');
    const b = tab({ vault, lock, host: personHost });
    await b.connect('short');
    const rejected = fixture.record('short').refreshTokensRejected;
    const authorizations = fixture.record('short').authorizations.length;

    clock.skip(1_100); // both tabs' access tokens expire
    await Promise.all([a.engine.call('listTools', undefined), b.engine.call('listTools', undefined)]);
    expect(fixture.record('short').refreshTokensRejected).toBe(rejected);
    expect(fixture.record('short').authorizations.length).toBe(authorizations);
    // One tab refreshed; the other adopted its tokens (or refreshed after it with the new refresh token).
    expect([...a.steps(), ...b.steps()].filter((s) => s.kind === 'refresh' && s.verdict === 'ok').length).toBeGreaterThanOrEqual(1);
    expect([...a.steps(), ...b.steps()].some((s) => s.title === 'Tokens refreshed by another tab adopted')).toBe(true);
    await a.engine.call('disconnect', undefined);
    await b.engine.call('disconnect', undefined);

    // Later, a new tab finds only an expired access token: it refreshes before its first request.
    clock.skip(1_100);
    const c = tab({ vault, lock, host: personHost });
    await c.connect('short');
    expect(fixture.record('short').refreshTokensRejected).toBe(rejected);
    expect(c.steps().some((s) => s.kind === 'refresh' && s.verdict === 'ok')).toBe(true);
    await c.engine.call('disconnect', undefined);
  });

  it('without the lock, the same race spends a rotated refresh token twice (what the lock prevents)', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const a = tab({ vault });
    await a.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('short'), remember: true });
    await a.connect('short');
    const b = tab({ vault });
    await b.connect('short');
    const rejected = fixture.record('short').refreshTokensRejected;
    clock.skip(1_100);
    await Promise.allSettled([a.engine.call('listTools', undefined), b.engine.call('listTools', undefined)]);
    expect(fixture.record('short').refreshTokensRejected).toBeGreaterThan(rejected);
    await a.engine.call('disconnect', undefined).catch(() => undefined);
    await b.engine.call('disconnect', undefined).catch(() => undefined);
  });
});

describe('Forget in another tab', () => {
  it('stops this tab from writing the tokens back at its next refresh', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const lock = processLock();
    const a = tab({ vault, lock });
    await a.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('short'), remember: true });
    await a.connect('short');
    await tab({ vault, lock }).engine.call('forgetAuthorization', { serverUrl: fixture.mcpUrl('short') });
    expect(await vault.get(serverKey('short'))).toBeUndefined();

    clock.skip(1_100);
    await a.engine.call('listTools', undefined); // refreshes in memory
    expect(await vault.get(serverKey('short'))).toBeUndefined();
    expect(a.steps().some((s) => s.title === 'Forgotten in another tab')).toBe(true);
    expect(a.statuses().at(-1)).toMatchObject({ phase: 'authorized', remembered: false });
    await a.engine.call('disconnect', undefined);
  });
});

describe('full-page redirect', () => {
  async function startInOneTab() {
    const before = tab({ host: personHost });
    await expect(before.connect('consent')).rejects.toMatchObject({ code: 'unauthorized' });
    const waiting = before.statuses().find((s) => s.phase === 'awaiting-user') as Extract<AuthStatus, { phase: 'awaiting-user' }>;
    const pending = await before.engine.call('exportPendingAuthorization', { state: waiting.state });
    // What the authorization server sends the browser back to, after the person approved.
    const response = await fetch(`${waiting.url}&approved=1`, { redirect: 'manual' });
    return { pending, callbackUrl: new URL(response.headers.get('location')!, waiting.url).href };
  }

  it('carries no registration secret and finishes the exchange in a fresh engine', async () => {
    const { pending, callbackUrl } = await startInOneTab();
    expect(pending).toMatchObject({
      serverUrl: fixture.mcpUrl('consent'),
      codeVerifier: expect.stringMatching(/^[A-Za-z0-9._~-]{43,128}$/),
      resource: fixture.mcpUrl('consent'),
      scope: 'mcp:read',
      client: { preRegistered: false },
    });
    expect(pending.clientSecret).toBeUndefined();
    const tokenRequests = fixture.record('consent').tokenRequests.length;

    const after = tab({ host: personHost });
    await after.engine.call('resumeAuthorization', { pending, callbackUrl, remember: false });
    expect(fixture.record('consent').tokenRequests.length).toBe(tokenRequests + 1);
    const summary = await after.connect('consent');
    expect(summary.server.name).toBe('oauth-fixture-consent');
    await after.engine.call('disconnect', undefined);
  });

  it('exchanges nothing for a wrong state or an expired one', async () => {
    const { pending, callbackUrl } = await startInOneTab();
    const tokenRequests = fixture.record('consent').tokenRequests.length;
    const forged = new URL(callbackUrl);
    forged.searchParams.set('state', 'f'.repeat(32));
    await expect(
      tab({ host: personHost }).engine.call('resumeAuthorization', { pending, callbackUrl: forged.href, remember: false }),
    ).rejects.toMatchObject({ message: expect.stringMatching(/state/) });
    const late = tab({ host: personHost, clock: { now: () => clock.now() + 11 * 60_000, after: clock.after } });
    await expect(late.engine.call('resumeAuthorization', { pending, callbackUrl, remember: false })).rejects.toMatchObject({
      message: expect.stringMatching(/10 minutes/),
    });
    expect(fixture.record('consent').tokenRequests.length).toBe(tokenRequests);
  });
});
