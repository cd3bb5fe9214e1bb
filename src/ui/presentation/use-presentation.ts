import { useMemo } from 'react';
import { presentationOf, type Presentation } from '../../app/presentation/presentation.ts';
import { useStoreOf } from '../services.tsx';

/** What the screen may show now (src/app/presentation/presentation.ts): ask this, never whether demo mode is on. */
export function usePresentation(): Presentation {
  const demo = useStoreOf('prefs', (state) => state.demo);
  return useMemo(() => presentationOf({ demo }), [demo]);
}

/** A URL as it may be shown now: its credentials masked where the policy says so. */
export function useShownUrl(url: string): string {
  return usePresentation().maskUrl(url) ?? url;
}
