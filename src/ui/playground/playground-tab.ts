/** The Playground tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const playgroundTab: FeatureTab = {
  name: 'Playground',
  ...lazyTabView(() => import('./PlaygroundView.tsx').then((m) => ({ default: m.PlaygroundView }))),
  inReplay: (replay) => replay.conversations.length > 0,
};
