import { useEffect, useSyncExternalStore } from 'react';
import type { ThemeChoice } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';

export type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/**
 * One query for the page, made on first use: every server icon reads the theme, and `matchMedia` parses and
 * evaluates its query on each call, which for a list of 30 icons was 60 calls in the render that shows it.
 */
let systemQuery: MediaQueryList | undefined;
const darkQuery = () => (systemQuery ??= window.matchMedia(DARK_QUERY));

function subscribeToSystem(onChange: () => void) {
  const query = darkQuery();
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

const systemIsDark = () => darkQuery().matches;

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
