import { useEffect, useSyncExternalStore } from 'react';
import type { ThemeChoice } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * One query for the page, made on first use: every server icon reads the theme, and `matchMedia` parses and
 * evaluates its query on each call, which for a list of 30 icons was 60 calls in the render that shows it.
 * The value is the one its `change` event carried: a kept `MediaQueryList`'s `matches` can lag behind the
 * change it announces (seen after a viewport resize, where the page stayed light under a dark system).
 */
let system: { dark: boolean; listeners: Set<() => void> } | undefined;

function systemTheme() {
  if (system) return system;
  const query = window.matchMedia(DARK_QUERY);
  const state = { dark: query.matches, listeners: new Set<() => void>() };
  query.addEventListener('change', (event) => {
    state.dark = event.matches;
    for (const listener of state.listeners) listener();
  });
  return (system = state);
}

function subscribeToSystem(onChange: () => void) {
  const { listeners } = systemTheme();
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

/** Whether the system prefers dark, as the one query last said: for whoever resolves the theme outside a hook. */
export const systemIsDark = () => systemTheme().dark;

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): ResolvedTheme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}

/** The theme in effect: the user's choice, or the system's when they chose "system". */
export function useResolvedTheme(): ResolvedTheme {
  const choice = useStoreOf('prefs', (state) => state.theme);
  const dark = useSyncExternalStore(subscribeToSystem, systemIsDark, () => false);
  return resolveTheme(choice, dark);
}

/** Puts the theme on <html data-theme>, where the stylesheets pick it up (no inline styles under our CSP). */
export function useApplyTheme(): void {
  const theme = useResolvedTheme();
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
}
