/** The Logs tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const logsTab: FeatureTab = {
  name: 'Logs',
  ...lazyTabView(() => import('./LogsView.tsx').then((m) => ({ default: m.LogsView }))),
};
