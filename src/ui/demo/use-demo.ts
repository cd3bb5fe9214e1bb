/**
 * Demo mode: for showing a server to people who do not read JSON. A toggle, or `&demo=1` in a link. It
 * marks the page (`data-demo` on <html>) so the styles enlarge type and give results and apps the stage,
 * and components that show secrets or export files ask `useDemo()`.
 */
import { useEffect } from 'react';
import { usePrefs } from '../services.tsx';

export const useDemo = () => usePrefs((state) => state.demo);

/** Reads `demo=1` from the address once, and mirrors the mode onto <html> for the styles. */
export function useApplyDemo(): boolean {
  const demo = useDemo();
  const { setDemo } = usePrefs((state) => state.actions);
  useEffect(() => {
    if (new URLSearchParams(location.search).get('demo') === '1') setDemo(true);
  }, [setDemo]);
  useEffect(() => {
    document.documentElement.toggleAttribute('data-demo', demo);
  }, [demo]);
  return demo;
}

/** What stands in for a secret on screen in demo mode. */
export const HIDDEN = '•••• hidden in demo mode';
