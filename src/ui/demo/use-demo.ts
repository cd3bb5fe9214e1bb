/**
 * Demo mode: for showing a server to people who do not read JSON. A toggle, or `&demo=1` in a link. It
 * marks the page (`data-demo` on <html>) so the styles enlarge type and give results and apps the stage.
 * Components that show secrets or export files ask the presentation policy (`usePresentation()`), not this.
 */
import { useEffect } from 'react';
import { useStoreOf } from '../services.tsx';

export const useDemo = () => useStoreOf('prefs', (state) => state.demo);

/** Mirrors the mode onto <html> for the styles (`&demo=1` is part of the address: src/app/address/address.ts). */
export function useApplyDemo(): boolean {
  const demo = useDemo();
  useEffect(() => {
    document.documentElement.toggleAttribute('data-demo', demo);
  }, [demo]);
  return demo;
}
