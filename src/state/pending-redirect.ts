/**
 * The pending authorization of a full-page redirect, in this tab's sessionStorage. When a popup is
 * blocked the page itself goes to the authorization server, and the worker (with its PKCE verifier) dies
 * with it; this record carries what the token exchange needs back to the reloaded app. It is:
 * - per tab (sessionStorage), never localStorage, and without header secrets;
 * - single use: taken (and deleted) when the callback comes back, whatever the outcome;
 * - valid for 10 minutes from the state's issue, like the state itself;
 * - checked against the callback's state before anything is exchanged.
 */
import { PENDING_REDIRECT_KEY, REDIRECT_RETURN_KEY } from '../shared/auth.ts';
import type { PendingOAuthExport } from '../shared/auth-persist.ts';
import type { HeaderPair, TransportChoice } from '../shared/model.ts';
import { isSecretHeader } from '../shared/redact.ts';

export { PENDING_REDIRECT_KEY, REDIRECT_RETURN_KEY };
export const PENDING_REDIRECT_TTL_MS = 10 * 60_000;

export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface PendingRedirectRecord {
  version: 1;
  /** After this (ms since epoch) the record is refused: the state's 10 minutes are over. */
  expiresAt: number;
  oauth: PendingOAuthExport;
  /** The connection to restore, without secret headers. */
  connection: { url: string; headers: HeaderPair[]; transport: TransportChoice };
  /** Header names left out because they hold secrets: the user must enter them again. */
  droppedHeaders: string[];
  /** "Remember on this device", as ticked before leaving. */
  remember: boolean;
}

type TakeFailure = 'missing' | 'corrupt' | 'expired' | 'state-mismatch' | 'error-response';
export type TakeResult =
  { ok: true; record: PendingRedirectRecord } | { ok: false; reason: TakeFailure; message: string; serverUrl?: string };

export function buildPendingRedirect(
  oauth: PendingOAuthExport,
  connection: { url: string; headers: readonly HeaderPair[]; transport: TransportChoice },
  remember: boolean,
): PendingRedirectRecord {
  const headers = connection.headers.filter((header) => header.name.trim() !== '');
  return {
    version: 1,
    expiresAt: oauth.createdAt + PENDING_REDIRECT_TTL_MS,
    oauth,
    connection: {
      url: connection.url,
      transport: connection.transport,
      headers: headers.filter((header) => !isSecretHeader(header.name.trim())),
    },
    droppedHeaders: headers.filter((header) => isSecretHeader(header.name.trim())).map((header) => header.name.trim()),
    remember,
  };
}

export function savePendingRedirect(storage: SessionStorageLike, record: PendingRedirectRecord): void {
  storage.setItem(PENDING_REDIRECT_KEY, JSON.stringify(record));
}

/** Deletes the pending record (of one server, or any): Forget, or a popup flow that supersedes it. */
export function dropPendingRedirect(storage: SessionStorageLike, serverUrl?: string): void {
  if (serverUrl !== undefined) {
    const record = parse(storage.getItem(PENDING_REDIRECT_KEY));
    if (record && !sameServer(record.oauth.serverUrl, serverUrl)) return;
  }
  storage.removeItem(PENDING_REDIRECT_KEY);
}

/** The callback URL the callback page handed over, once. */
export function takeRedirectReturn(storage: SessionStorageLike): string | undefined {
  const url = storage.getItem(REDIRECT_RETURN_KEY);
  storage.removeItem(REDIRECT_RETURN_KEY);
  return url ?? undefined;
}

/**
 * Takes the pending record for this callback: deleted on read, refused when expired, when the state is
 * missing or different, or when the authorization server answered with an error. Only `ok` may be exchanged.
 */
export function takePendingRedirect(storage: SessionStorageLike, callbackUrl: string, now: number): TakeResult {
  const raw = storage.getItem(PENDING_REDIRECT_KEY);
  storage.removeItem(PENDING_REDIRECT_KEY);
  if (raw === null) {
    return {
      ok: false,
      reason: 'missing',
      message:
        'No sign-in started in this tab is waiting for this answer (it was already used, or the tab was closed in between). Connect again to sign in.',
    };
  }
  const record = parse(raw);
  if (!record)
    return {
      ok: false,
      reason: 'corrupt',
      message: 'The saved sign-in of this tab is unreadable, so nothing was exchanged. Connect again to sign in.',
    };
  const serverUrl = record.oauth.serverUrl;
  if (!(now <= record.expiresAt)) {
    return {
      ok: false,
      reason: 'expired',
      serverUrl,
      message: 'The sign-in took longer than 10 minutes, so its saved state expired and nothing was exchanged. Connect again to sign in.',
    };
  }
  let params: URLSearchParams;
  try {
    params = new URL(callbackUrl).searchParams;
  } catch {
    return {
      ok: false,
      reason: 'state-mismatch',
      serverUrl,
      message: 'The authorization callback is not a URL; nothing was exchanged. Connect again to sign in.',
    };
  }
  const state = params.get('state');
  if (state === null || state !== record.oauth.state) {
    return {
      ok: false,
      reason: 'state-mismatch',
      serverUrl,
      message: `The authorization answer ${state === null ? 'carries no state' : 'carries a state that does not match the one sent'}, so it was discarded and nothing was exchanged (possible CSRF or a stale link). Connect again to sign in.`,
    };
  }
  const error = params.get('error');
  if (error !== null) {
    const description = params.get('error_description');
    return {
      ok: false,
      reason: 'error-response',
      serverUrl,
      message: `The authorization server answered “${error}”${description ? `: ${description}` : ''}. Nothing was exchanged; connect again to retry.`,
    };
  }
  return { ok: true, record };
}

function parse(raw: string | null): PendingRedirectRecord | undefined {
  if (raw === null) return undefined;
  try {
    const value = JSON.parse(raw) as Partial<PendingRedirectRecord> | null;
    const oauth = value?.oauth;
    if (
      value?.version !== 1 ||
      typeof value.expiresAt !== 'number' ||
      !oauth ||
      typeof oauth.state !== 'string' ||
      typeof oauth.codeVerifier !== 'string' ||
      typeof oauth.serverUrl !== 'string' ||
      !value.connection ||
      typeof value.connection.url !== 'string'
    )
      return undefined;
    return value as PendingRedirectRecord;
  } catch {
    return undefined;
  }
}

function sameServer(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}
