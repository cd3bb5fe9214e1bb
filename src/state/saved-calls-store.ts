/**
 * Saved calls: a named tool call (tool and arguments) to run again later, kept in the browser. What is
 * read back from storage is checked entry by entry: a damaged or hand-edited entry is dropped, not trusted.
 */
import { createStore } from 'zustand/vanilla';
import { redactUrl } from '../shared/redact.ts';
import { readStoredList, type PrefsStorage } from './prefs-store.ts';

export interface SavedCall {
  id: string;
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
  /** The server it was saved from (user info and secret-looking query values removed), shown beside it; it runs against whichever server is connected. */
  server: string;
  savedAt: number;
}

export interface SavedCallsState {
  calls: readonly SavedCall[];
  actions: {
    save(call: Omit<SavedCall, 'id'>): void;
    remove(id: string): void;
    /** Moves a call one place earlier (-1) or later (+1) in the list; the order is a demo script's order. */
    move(id: string, by: -1 | 1): void;
  };
}

const STORAGE_KEY = 'mcp-lens.saved-requests';
export const MAX_SAVED_CALLS = 100;
/** A saved call's arguments, as JSON, at most this long: local storage is small and shared. */
export const MAX_SAVED_ARGUMENTS_CHARS = 64 * 1024;
const MAX_NAME_CHARS = 200;

export function createSavedCallsStore(storage?: PrefsStorage) {
  const persist = (calls: readonly SavedCall[]) => {
    try {
      storage?.setItem(STORAGE_KEY, JSON.stringify(calls));
    } catch {
      // Blocked or full storage: the list still holds for this page.
    }
  };
  return createStore<SavedCallsState>()((set, get) => ({
    calls: readSaved(storage),
    actions: {
      save(call) {
        const id = `${call.savedAt.toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
        // The server is shown beside the call, not used to run it: its URL is kept without secrets.
        const checked = checkRequest({ ...call, id, name: call.name.trim() || call.tool, server: redactUrl(call.server) });
        if (!checked) return;
        const calls = [...get().calls, checked].slice(-MAX_SAVED_CALLS);
        set({ calls });
        persist(calls);
      },
      remove(id) {
        const calls = get().calls.filter((call) => call.id !== id);
        set({ calls });
        persist(calls);
      },
      move(id, by) {
        const from = get().calls.findIndex((call) => call.id === id);
        const to = from + by;
        if (from < 0 || to < 0 || to >= get().calls.length) return;
        const calls = [...get().calls];
        [calls[from], calls[to]] = [calls[to]!, calls[from]!];
        set({ calls });
        persist(calls);
      },
    },
  }));
}

const readSaved = (storage: PrefsStorage | undefined) => readStoredList(storage, STORAGE_KEY, MAX_SAVED_CALLS, checkRequest);

/** The call with exactly the expected fields, or null when any is missing, mistyped or too big. */
export function checkRequest(value: unknown): SavedCall | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { id, name, tool, arguments: args, server, savedAt } = value as Record<string, unknown>;
  const strings = [id, name, tool, server];
  if (!strings.every((field) => typeof field === 'string') || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) return null;
  if ((name as string).length > MAX_NAME_CHARS || (tool as string).length === 0) return null;
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return null;
  const json = JSON.stringify(args);
  if (json.length > MAX_SAVED_ARGUMENTS_CHARS) return null;
  // A fresh copy from JSON: plain data only, and no `__proto__` key can reach an object's prototype.
  const copy = JSON.parse(json) as Record<string, unknown>;
  return { id: id as string, name: name as string, tool: tool as string, arguments: copy, server: server as string, savedAt };
}
