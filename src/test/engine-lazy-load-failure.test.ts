/**
 * The worker loads the OAuth flow on first use (src/engine/auth/on-demand.ts). When that chunk does not load
 * (the app was redeployed under an open tab, the network dropped), the Connect that met a 401 fails at once
 * with our EngineError, saying what to do, and the Authorization tab shows the failure: no hang, and no CORS
 * diagnosis of a server that did nothing wrong.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../engine/engine.ts';
import { headlessAuthHost } from '../node/cli/headless-host.ts';
import type { AuthStatus } from '../shared/auth.ts';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';
import { realClock } from '../engine/clock.ts';
import { startOAuthFixture, type OAuthFixture } from './servers/oauth-fixture.ts';

vi.mock('../engine/auth/on-demand.ts', () => {
  // What a browser throws for a chunk it cannot fetch.
  throw new TypeError('Failed to fetch dynamically imported module: https://lens.example/assets/on-demand-x.js');
});

const REDIRECT = 'http://127.0.0.1:1/oauth-callback.html';
let fixture: OAuthFixture;
beforeAll(async () => {
  fixture = await startOAuthFixture({ now: () => Date.now() });
});
afterAll(() => fixture.close());

describe('a chunk that does not load', () => {
  it('fails the Connect that needed the OAuth flow with an error that says to reload', async () => {
    const events: EngineEvent[] = [];
    const engine = createEngine({
      fetch: (input, init) => fetch(input, init),
      clock: realClock,
      emit: (event) => events.push(event),
      auth: { host: headlessAuthHost(REDIRECT), settings: { redirectUrl: REDIRECT } },
    });
    const failed = (await engine
      .call('connect', { url: fixture.mcpUrl('ok'), transport: 'auto', headers: [] })
      .catch((error: unknown) => error)) as EngineError;

    expect(failed).toMatchObject({ code: 'internal', message: expect.stringContaining('could not load its OAuth sign-in') });
    expect(failed.message).toContain('Reload the page');
    expect(failed.cors).toBeUndefined();
    const statuses = events.flatMap((e): AuthStatus[] => (e.type === 'auth' && e.update.kind === 'status' ? [e.update.status] : []));
    expect(statuses).toContainEqual(expect.objectContaining({ phase: 'failed', message: failed.message }));
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'connection', phase: 'failed', error: expect.objectContaining({ code: 'internal' }) }),
    );
  });
});
