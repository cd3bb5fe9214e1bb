/** The Prompts tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazy } from 'react';
import type { FeatureTab } from '../features/feature-tab.ts';

export const promptsTab: FeatureTab = {
  name: 'Prompts',
  view: lazy(() => import('./PromptsView.tsx').then((m) => ({ default: m.PromptsView }))),
  inReplay: () => true,
  lists: ['prompts/list'],
};
