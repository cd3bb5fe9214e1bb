/** The Tasks tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const tasksTab: FeatureTab = {
  name: 'Tasks',
  ...lazyTabView(() => import('./TasksView.tsx').then((m) => ({ default: m.TasksView }))),
};
