/** The Roots tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazy } from 'react';
import type { FeatureTab } from '../features/feature-tab.ts';

export const rootsTab: FeatureTab = {
  name: 'Roots',
  view: lazy(() => import('./RootsView.tsx').then((m) => ({ default: m.RootsView }))),
};
