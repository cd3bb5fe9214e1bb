/** The Contract tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazy } from 'react';
import type { FeatureTab } from '../features/feature-tab.ts';

export const contractTab: FeatureTab = {
  name: 'Contract',
  view: lazy(() => import('./ContractView.tsx').then((m) => ({ default: m.ContractView }))),
};
