/** The Audit tab: its place among the feature tabs (src/ui/features/tabs.ts) and its view, loaded when first opened. */
import { lazyTabView, type FeatureTab } from '../features/feature-tab.ts';

export const auditTab: FeatureTab = {
  name: 'Audit',
  ...lazyTabView(() => import('./AuditView.tsx').then((m) => ({ default: m.AuditView }))),
};
