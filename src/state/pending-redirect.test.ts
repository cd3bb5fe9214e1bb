import { describe, expect, it } from 'vitest';
import type { PendingOAuthExport } from '../shared/auth-persist.ts';
import {
  buildPendingRedirect,
  dropPendingRedirect,
  PENDING_REDIRECT_KEY,
  PENDING_REDIRECT_TTL_MS,
  REDIRECT_RETURN_KEY,
  savePendingRedirect,
  takePendingRedirect,
  takeRedirectReturn,
  type SessionStorageLike,
} from './pending-redirect.ts';

function memoryStorage(): SessionStorageLike & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

const T0 = 1_700_000_000_000;
const STATE = 'a'.repeat(32);
const oauth: PendingOAuthExport = {
  serverUrl: 'https://mcp.example/mcp',
  state: STATE,
  createdAt: T0,
  codeVerifier: 'v'.repeat(43),
  redirectUrl: 'https://lens.example/inspector/oauth-callback.html',
  authorizationUrl: `https://as.example/authorize?state=${STATE}`,
  resource: 'https://mcp.example/mcp',
  scope: 'mcp:read',
  discovery: { authorizationServerUrl: 'https://as.example/' },
  client: { clientId: 'client-1', preRegistered: false },
};
const callback = (query: string) => `https://lens.example/inspector/oauth-callback.html?${query}`;

function saved(storage = memoryStorage()) {
  savePendingRedirect(
    storage,
    buildPendingRedirect(
      oauth,
      {
        url: oauth.serverUrl,
        transport: 'auto',
        headers: [
          { name: 'Accept', value: 'application/json' },
          { name: 'X-Trace', value: '1' },
          { name: 'Authorization', value: 'Bearer secret' },
          { name: 'X-Api-Key', value: 'k' },
        ],
      },
      true,
    ),
  );
  return storage;
}

describe('pending full-page redirect record', () => {
  it('round-trips once: the record is deleted when read, and a second read finds nothing', () => {
    const storage = saved();
    const first = takePendingRedirect(storage, callback(`code=c&state=${STATE}`), T0 + 1000);
    expect(first).toMatchObject({ ok: true, record: { oauth: { codeVerifier: oauth.codeVerifier }, remember: true } });
    expect(storage.map.has(PENDING_REDIRECT_KEY)).toBe(false);
    const second = takePendingRedirect(storage, callback(`code=c&state=${STATE}`), T0 + 2000);
    expect(second).toMatchObject({ ok: false, reason: 'missing', message: expect.stringMatching(/Connect again/) });
  });

  it('keeps only allow-listed headers (every other typed header may be a secret), and names the ones it dropped', () => {
    const storage = saved();
    const raw = storage.map.get(PENDING_REDIRECT_KEY)!;
    expect(raw).not.toMatch(/Bearer secret/);
    const taken = takePendingRedirect(storage, callback(`code=c&state=${STATE}`), T0);
    expect(taken.ok && taken.record.connection.headers).toEqual([{ name: 'Accept', value: 'application/json' }]);
    expect(taken.ok && taken.record.droppedHeaders).toEqual(['X-Trace', 'Authorization', 'X-Api-Key']);
  });

  it('refuses an expired record after 10 minutes, and deletes it all the same', () => {
    const storage = saved();
    const taken = takePendingRedirect(storage, callback(`code=c&state=${STATE}`), T0 + PENDING_REDIRECT_TTL_MS + 1);
    expect(taken).toMatchObject({ ok: false, reason: 'expired', serverUrl: oauth.serverUrl, message: expect.stringMatching(/10 minutes/) });
    expect(storage.map.has(PENDING_REDIRECT_KEY)).toBe(false);
    expect(takePendingRedirect(saved(), callback(`code=c&state=${STATE}`), T0 + PENDING_REDIRECT_TTL_MS)).toMatchObject({ ok: true });
  });

  it('refuses a wrong or missing state, and the record cannot be retried with the right one afterwards', () => {
    const storage = saved();
    expect(takePendingRedirect(storage, callback(`code=c&state=${'b'.repeat(32)}`), T0)).toMatchObject({
      ok: false,
      reason: 'state-mismatch',
      message: expect.stringMatching(/does not match/),
    });
    expect(takePendingRedirect(storage, callback(`code=c&state=${STATE}`), T0)).toMatchObject({ ok: false, reason: 'missing' });
    expect(takePendingRedirect(saved(), callback('code=c'), T0)).toMatchObject({
      ok: false,
      reason: 'state-mismatch',
      message: expect.stringMatching(/no state/),
    });
  });

  it('refuses an error answer from the authorization server with its description', () => {
    const taken = takePendingRedirect(saved(), callback(`error=access_denied&error_description=User+said+no&state=${STATE}`), T0);
    expect(taken).toMatchObject({ ok: false, reason: 'error-response', message: expect.stringContaining('“access_denied”: User said no') });
  });

  it('refuses a record that is not ours (corrupt JSON or another shape)', () => {
    const storage = memoryStorage();
    storage.setItem(PENDING_REDIRECT_KEY, '{not json');
    expect(takePendingRedirect(storage, callback(`state=${STATE}`), T0)).toMatchObject({ ok: false, reason: 'corrupt' });
    storage.setItem(PENDING_REDIRECT_KEY, JSON.stringify({ version: 2 }));
    expect(takePendingRedirect(storage, callback(`state=${STATE}`), T0)).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('Forget drops the record of its own server only; the hand-over URL is taken once', () => {
    const storage = saved();
    dropPendingRedirect(storage, 'https://other.example/mcp');
    expect(storage.map.has(PENDING_REDIRECT_KEY)).toBe(true);
    dropPendingRedirect(storage, oauth.serverUrl);
    expect(storage.map.has(PENDING_REDIRECT_KEY)).toBe(false);

    storage.setItem(REDIRECT_RETURN_KEY, callback('code=c'));
    expect(takeRedirectReturn(storage)).toBe(callback('code=c'));
    expect(takeRedirectReturn(storage)).toBeUndefined();
  });
});
