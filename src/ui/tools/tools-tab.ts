/** The Tools tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded with the page (it is the first screen). */
import { ToolsView } from './ToolsView.tsx';
import type { FeatureTab } from '../features/feature-tab.ts';

export const toolsTab: FeatureTab = {
  name: 'Tools',
  view: ToolsView,
  inReplay: () => true,
  lists: ['tools/list'],
};
