/** The Roots tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const rootsTab: FeatureTab = {
  name: 'Roots',
  ...lazyTabView(() => import('./RootsView.tsx').then((m) => ({ default: m.RootsView }))),
};
