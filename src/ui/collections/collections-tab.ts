/** The Collections tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazy } from 'react';
import type { FeatureTab } from '../features/feature-tab.ts';

export const collectionsTab: FeatureTab = {
  // The same words as the tab collection-commands.ts shows when a file opens.
  name: 'Collections',
  view: lazy(() => import('./CollectionsView.tsx')),
};
