/**
 * One IndexedDB object store, opened on first use: what the remembered OAuth tokens (auth/vault.ts) and the
 * remembered provider keys (playground/key-vault.ts) are kept in, each in a database of its own. The
 * IDBFactory comes in (the worker passes `indexedDB`, vitest fake-indexeddb), so the engine stays isomorphic.
 */

/** Runs one request in its own transaction and resolves with its result once the transaction is complete. */
export type StoreRun = <T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>) => Promise<T>;

export function indexedDbStore(factory: IDBFactory, database: string, store: string, keyPath: string): StoreRun {
  let opened: Promise<IDBDatabase> | undefined;
  const db = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(database, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(store, { keyPath });
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened.'));
      request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab upgrading it; reload the other MCP Lens tabs.'));
    }).catch((error: unknown) => {
      opened = undefined; // a later call may succeed (e.g. after the other tab closes)
      throw error;
    }));

  return async (mode, work) => {
    const connection = await db();
    return new Promise((resolve, reject) => {
      const transaction = connection.transaction(store, mode);
      const request = work(transaction.objectStore(store));
      transaction.oncomplete = () => resolve(request.result);
      transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed.'));
      transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted (storage full or denied?).'));
    });
  };
}
