/** The Apps tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const appsTab: FeatureTab = {
  name: 'Apps',
  ...lazyTabView(() => import('./AppsView.tsx').then((m) => ({ default: m.AppsView }))),
};
