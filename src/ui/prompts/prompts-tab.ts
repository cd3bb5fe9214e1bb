/** The Prompts tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const promptsTab: FeatureTab = {
  name: 'Prompts',
  ...lazyTabView(() => import('./PromptsView.tsx').then((m) => ({ default: m.PromptsView }))),
  inReplay: () => true,
  lists: ['prompts/list'],
};
