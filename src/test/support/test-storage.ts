/** Storage stand-ins for store tests: an in-memory one to reload from, and one that throws like blocked storage. */
import type { PrefsStorage } from '../../state/prefs-store.ts';

export function memoryStorage(initial: Record<string, string> = {}): PrefsStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return { data, getItem: (key) => data[key] ?? null, setItem: (key, value) => void (data[key] = value) };
}

export const blockedStorage: PrefsStorage = {
  getItem: () => {
    throw new Error('blocked');
  },
  setItem: () => {
    throw new Error('blocked');
  },
};
