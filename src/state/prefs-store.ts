/**
 * UI preferences that survive a reload. Only preferences live here — never URLs, headers or tokens —
 * because whatever is persisted sits in localStorage in clear.
 */
import { createStore } from 'zustand/vanilla';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** The subset of `Storage` the store needs; absent in tests and when storage is blocked. */
export interface PrefsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PrefsState {
  theme: ThemeChoice;
  actions: { setTheme(theme: ThemeChoice): void };
}

const THEME_KEY = 'mcp-lens.theme';
const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function createPrefsStore(storage?: PrefsStorage) {
  const read = (): ThemeChoice => {
    try {
      const saved = storage?.getItem(THEME_KEY);
      return THEMES.find((theme) => theme === saved) ?? 'system';
    } catch {
      return 'system';
    }
  };
  return createStore<PrefsState>()((set) => ({
    theme: read(),
    actions: {
      setTheme(theme) {
        set({ theme });
        try {
          storage?.setItem(THEME_KEY, theme);
        } catch {
          // Storage can be full or blocked (private mode); the choice still applies to this page.
        }
      },
    },
  }));
}

export type PrefsStore = ReturnType<typeof createPrefsStore>;
