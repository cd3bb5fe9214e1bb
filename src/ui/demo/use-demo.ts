/**
 * Demo mode: for showing a server to people who do not read JSON. A toggle, or `&demo=1` in a link. It
 * marks the page (`data-demo` on <html>) so the styles enlarge type and give results and apps the stage,
 * and components that show secrets or export files ask `useDemo()`.
 */
import { useEffect } from 'react';
import { useStoreOf } from '../services.tsx';
import { hideUrlCredentials } from './demo-masks.ts';

export const useDemo = () => useStoreOf('prefs', (state) => state.demo);

/** Mirrors the mode onto <html> for the styles (`&demo=1` is part of the address: src/app/address.ts). */
export function useApplyDemo(): boolean {
  const demo = useDemo();
  useEffect(() => {
    document.documentElement.toggleAttribute('data-demo', demo);
  }, [demo]);
  return demo;
}

/** What stands in for a secret on screen in demo mode. */
export const HIDDEN = '•••• hidden in demo mode';

/** A URL as it may be shown now: in demo mode, with its credentials masked (`hideUrlCredentials`). */
export function useShownUrl(url: string): string {
  const demo = useDemo();
  return (demo && hideUrlCredentials(url)) || url;
}
