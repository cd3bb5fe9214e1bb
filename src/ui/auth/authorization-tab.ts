/** The Authorization tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const authorizationTab: FeatureTab = {
  name: 'Authorization',
  ...lazyTabView(() => import('./AuthorizationView.tsx').then((m) => ({ default: m.AuthorizationView }))),
};
