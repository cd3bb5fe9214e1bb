/** The Resources tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const resourcesTab: FeatureTab = {
  name: 'Resources',
  ...lazyTabView(() => import('./ResourcesView.tsx').then((m) => ({ default: m.ResourcesView }))),
  inReplay: () => true,
  lists: ['resources/list', 'resources/templates/list'],
};
