/**
 * "Remember on this device" for a provider key: the key in IndexedDB, written and read in the worker, as
 * OAuth tokens are remembered (auth/vault.ts, whose reasons hold here too: the key already lives in the
 * worker, so keeping the store beside it means it never crosses the worker boundary, and the page's script
 * has no key-shaped message to observe). Its own database, keyed by the provider's origin, so the key is
 * only ever loaded for the origin it was given for. Opt-in per origin; Forget deletes the record.
 *
 * The IDBFactory comes in as a parameter (the worker passes `indexedDB`, vitest fake-indexeddb, the command
 * line nothing), so the engine stays isomorphic.
 */
import { indexedDbStore } from '../indexed-db-store.ts';

export interface ProviderKeyVault {
  get(origin: string): Promise<string | undefined>;
  put(origin: string, key: string, savedAt: number): Promise<void>;
  delete(origin: string): Promise<void>;
}

interface RememberedKey {
  origin: string;
  key: string;
  savedAt: number;
}

const DB_NAME = 'mcp-lens-provider-keys';
const STORE = 'keys';
/** A record longer than this was not written by us: it is ignored (setProviderKey refuses longer keys). */
const MAX_KEY_CHARS = 4_096;

export function createProviderKeyVault(factory: IDBFactory): ProviderKeyVault {
  const run = indexedDbStore(factory, DB_NAME, STORE, 'origin');

  return {
    async get(origin) {
      const value: unknown = await run('readonly', (store) => store.get(origin));
      return isRemembered(value) && value.origin === origin ? value.key : undefined;
    },
    async put(origin, key, savedAt) {
      await run('readwrite', (store) => store.put({ origin, key, savedAt } satisfies RememberedKey));
    },
    async delete(origin) {
      await run('readwrite', (store) => store.delete(origin));
    },
  };
}

/** Whatever is on disk may come from another build or from hand: only a usable shape is trusted. */
function isRemembered(value: unknown): value is RememberedKey {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<RememberedKey>;
  return typeof record.origin === 'string' && typeof record.key === 'string' && record.key !== '' && record.key.length <= MAX_KEY_CHARS;
}
