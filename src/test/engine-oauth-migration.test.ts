/**
 * SEP-2352 in the real engine: credentials are keyed by the authorization server's issuer. When the
 * protected resource metadata moves from one authorization server to another, the client registers with
 * the new one and presents nothing of the old one; a pre-registered client of the old one is refused
 * with a clear error; "Remember on this device" ignores and replaces a record of the old one.
 * Each test gets its own fixture: a move cannot be undone.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEngine } from '../engine/engine.ts';
import type { AuthHost } from '../engine/auth/session.ts';
import { createIndexedDbVault, type AuthVault } from '../engine/auth/vault.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import type { AuthStatus, AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import { realClock } from '../engine/clock.ts';
import { startOAuthFixture, type OAuthFixture } from './servers/oauth-fixture.ts';

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
let fixture: OAuthFixture;

beforeEach(async () => {
  fixture = await startOAuthFixture();
});
afterEach(() => fixture.close());

/** A person who has not acted yet: the engine reports the URL and waits. */
const personHost: AuthHost = { authorize: async () => undefined };

function tab(options: { vault?: AuthVault; host?: AuthHost } = {}) {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    emit: (event) => events.push(event),
    auth: {
      host: options.host ?? headlessAuthHost(REDIRECT),
      settings: { redirectUrl: REDIRECT },
      ...(options.vault && { vault: options.vault }),
    },
  });
  const steps = () => events.flatMap((e): AuthStep[] => (e.type === 'auth' && e.update.kind === 'step' ? [e.update.step] : []));
  const statuses = () => events.flatMap((e): AuthStatus[] => (e.type === 'auth' && e.update.kind === 'status' ? [e.update.status] : []));
  const connect = () => engine.call('connect', { url: fixture.mcpUrl('migrate'), transport: 'auto', headers: [] });
  return { engine, steps, statuses, connect };
}

const fact = (step: AuthStep | undefined, label: string) => step?.facts?.find((f) => f.label === label)?.value;

describe('authorization server migration', () => {
  it('re-registers with the new authorization server and reuses nothing from the old one', async () => {
    const { engine, steps, statuses, connect } = tab();
    await connect();
    await engine.call('listTools', undefined);
    const as1 = fixture.issuer('migrate');
    const [first] = fixture.record('migrate').registrations;
    expect(first).toMatchObject({ issuer: as1 });

    fixture.moveAuthorizationServer('migrate');
    const as2 = fixture.issuer('migrate');
    const { tools } = await engine.call('listTools', undefined); // 401 → metadata read again → AS2
    expect(tools.map((t) => t.name)).toContain('echo');

    const record = fixture.record('migrate');
    expect(record.registrations.map((r) => r.issuer)).toEqual([as1, as2]);
    const atAs2 = [...record.authorizations, ...record.tokenRequests].filter((r) => r.issuer === as2);
    expect(atAs2.length).toBeGreaterThanOrEqual(2);
    expect(atAs2.every((r) => r.clientId === record.registrations[1]!.clientId)).toBe(true);
    expect(atAs2.some((r) => r.clientId === first!.clientId)).toBe(false);
    // No refresh token of AS1 was spent at AS2.
    expect(record.tokenRequests.filter((r) => r.issuer === as2).map((r) => r.grantType)).toEqual(['authorization_code']);

    const change = steps().find((s) => s.kind === 'as-change');
    expect(change).toMatchObject({ title: 'Authorization server changed', verdict: 'info' });
    expect(fact(change, 'Previous issuer')).toBe(as1);
    expect(fact(change, 'New issuer')).toBe(as2);
    const registrations = steps().filter((s) => s.kind === 'registration' && s.verdict === 'ok');
    expect(registrations.map((s) => fact(s, 'Keyed by issuer'))).toEqual([as1, as2]);
    expect(
      fact(
        steps()
          .filter((s) => s.kind === 'token')
          .at(-1),
        'Keyed by issuer',
      ),
    ).toBe(as2);
    expect(statuses().at(-1)).toMatchObject({ phase: 'authorized', issuer: as2 });
    await engine.call('disconnect', undefined);
  });

  it('refuses a pre-registered client of the old authorization server with an error that says what to do', async () => {
    const { engine, connect } = tab();
    await engine.call('configureAuth', { redirectUrl: REDIRECT, clientId: 'pre-registered-at-as1', clientSecret: 'as1-secret' });
    await connect();
    const as1 = fixture.issuer('migrate');
    fixture.moveAuthorizationServer('migrate');
    const as2 = fixture.issuer('migrate');

    const failure = (await engine.call('listTools', undefined).then(
      () => ({ code: 'none', message: 'listTools succeeded' }),
      (error: unknown) => error,
    )) as { code: string; message: string };
    expect(failure).toMatchObject({ code: 'unauthorized' });
    expect(failure.message).toContain(`“pre-registered-at-as1” belongs to the authorization server ${as1}`);
    expect(failure.message).toContain(`Enter a client ID registered with ${as2}`);
    const record = fixture.record('migrate');
    expect([...record.authorizations, ...record.tokenRequests].filter((r) => r.issuer === as2)).toEqual([]);

    // Entering a client registered with the new server clears the binding: it is used there.
    await engine.call('configureAuth', { redirectUrl: REDIRECT, clientId: 'pre-registered-at-as2' });
    await engine.call('listTools', undefined);
    expect(
      fixture
        .record('migrate')
        .authorizations.filter((r) => r.issuer === as2)
        .map((r) => r.clientId),
    ).toEqual(['pre-registered-at-as2']);
    await engine.call('disconnect', undefined).catch(() => undefined);
  });
});

describe('Remember on this device across a migration', () => {
  it('remembers the issuer, and a record of the old authorization server is replaced once the new one issues tokens', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('migrate'), remember: true });
    await first.connect();
    const as1 = fixture.issuer('migrate');
    expect(await vault.get(fixture.mcpUrl('migrate'))).toMatchObject({ issuer: as1, tokens: { issuer: as1 }, client: { issuer: as1 } });
    await first.engine.call('disconnect', undefined);

    fixture.moveAuthorizationServer('migrate');
    const as2 = fixture.issuer('migrate');
    const second = tab({ vault });
    await second.connect(); // loads AS1's tokens; the server refuses them; AS2 is discovered and used
    const loaded = second.steps().find((s) => s.title === 'Remembered tokens loaded');
    expect(fact(loaded, 'Keyed by issuer')).toBe(as1);
    expect(second.steps().some((s) => s.kind === 'as-change')).toBe(true);
    const stored = await vault.get(fixture.mcpUrl('migrate'));
    expect(stored).toMatchObject({ issuer: as2, tokens: { issuer: as2 }, client: { issuer: as2 } });
    expect(second.statuses().at(-1)).toMatchObject({ phase: 'authorized', issuer: as2, remembered: true });
    await second.engine.call('disconnect', undefined);
  });

  it('ignores (and deletes) a record whose issuer contradicts its own discovery, and asks again', async () => {
    const vault = createIndexedDbVault(new IDBFactory());
    const first = tab({ vault });
    await first.engine.call('rememberAuthorization', { serverUrl: fixture.mcpUrl('migrate'), remember: true });
    await first.connect();
    await first.engine.call('disconnect', undefined);
    const stored = (await vault.get(fixture.mcpUrl('migrate')))!;
    await vault.put({ ...stored, issuer: 'https://another-as.example' });

    const authorizations = fixture.record('migrate').authorizations.length;
    const second = tab({ vault, host: personHost });
    await expect(second.connect()).rejects.toMatchObject({ code: 'unauthorized' });
    const ignored = second.steps().find((s) => s.title === 'Remembered tokens ignored');
    expect(ignored?.detail).toMatch(/belong to https:\/\/another-as\.example, but the record’s discovery names/);
    expect(await vault.get(fixture.mcpUrl('migrate'))).toBeUndefined();
    // Nothing of the record was sent: the first request went out without a bearer token.
    expect(fixture.record('migrate').mcpRequests.at(-1)).toMatchObject({ bearer: false });
    expect(fixture.record('migrate').authorizations.length).toBe(authorizations); // a person is asked (not yet acted)
  });
});
