/**
 * "Remember on this device": a server's tokens and client registration in IndexedDB, in the worker.
 *
 * Why the worker and not the page: the tokens already live here and are attached here; keeping the store
 * beside them means no token ever crosses the worker boundary, and the page's script, its extensions'
 * content scripts and any future XSS on the main thread have no token-shaped message to observe. IndexedDB
 * is available in dedicated workers; localStorage is not, which also keeps this honest. See
 * docs/security.md#oauth-in-the-browser.
 *
 * The engine stays isomorphic: the IDBFactory comes in as a parameter (the worker passes `indexedDB`,
 * vitest passes fake-indexeddb, the command line passes nothing and remembers nothing).
 */
import type { OAuthDiscoveryState, StoredOAuthClientInformation, StoredOAuthTokens } from '@modelcontextprotocol/client';
import { indexedDbStore } from '../indexed-db-store.ts';

/**
 * One server's remembered authorization, keyed by its canonical resource URI (RFC 8707), and carrying the
 * issuer of the authorization server its tokens and registration belong to: a record whose issuer no
 * longer matches is ignored, and replaced once the new authorization server has issued new ones.
 */
export interface RememberedAuthorization {
  key: string;
  serverUrl: string;
  savedAt: number;
  /** The authorization server (metadata `issuer`) the tokens and client belong to. Absent in records of older builds. */
  issuer?: string;
  tokens: StoredOAuthTokens;
  expiresAt?: number;
  refreshAt?: number;
  /** The registration the tokens were issued to (a refresh must use the same client); never a typed secret. */
  client?: StoredOAuthClientInformation;
  discovery?: OAuthDiscoveryState;
}

export interface AuthVault {
  get(key: string): Promise<RememberedAuthorization | undefined>;
  put(record: RememberedAuthorization): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * Runs `work` while holding an exclusive lock shared by every tab of this origin (navigator.locks), so two
 * tabs holding the same remembered refresh token never both spend it: refresh tokens rotate, and the
 * second use of a rotated one is refused (and may revoke the whole grant).
 */
export type LockFn = <T>(name: string, work: () => Promise<T>) => Promise<T>;

const DB_NAME = 'mcp-lens-auth';
const STORE = 'remembered';

export function createIndexedDbVault(factory: IDBFactory): AuthVault {
  const run = indexedDbStore(factory, DB_NAME, STORE, 'key');

  return {
    async get(key) {
      const value: unknown = await run('readonly', (store) => store.get(key));
      return isRemembered(value) && value.key === key ? value : undefined;
    },
    async put(record) {
      await run('readwrite', (store) => store.put(record));
    },
    async delete(key) {
      await run('readwrite', (store) => store.delete(key));
    },
  };
}

/** Whatever is on disk was written by an older or newer build, or by hand: only a usable shape is trusted. */
function isRemembered(value: unknown): value is RememberedAuthorization {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<RememberedAuthorization>;
  return (
    typeof record.key === 'string' &&
    typeof record.serverUrl === 'string' &&
    typeof record.tokens?.access_token === 'string' &&
    (record.issuer === undefined || typeof record.issuer === 'string')
  );
}

/** `navigator.locks` when the environment has it; else a lock that only serializes within this engine. */
export function lockFromNavigator(locks: LockManager | undefined): LockFn | undefined {
  if (!locks) return undefined;
  return (name, work) => locks.request(name, { mode: 'exclusive' }, work);
}
