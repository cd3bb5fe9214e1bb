/** The Apps tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazy } from 'react';
import type { FeatureTab } from '../features/feature-tab.ts';

export const appsTab: FeatureTab = {
  name: 'Apps',
  view: lazy(() => import('./AppsView.tsx').then((m) => ({ default: m.AppsView }))),
};
