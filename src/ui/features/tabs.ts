/**
 * The feature tabs, in the order they are shown, one line each; each feature declares its own tab in its
 * folder (feature-tab.ts). The tab bar (FeatureTabs.tsx) and the command palette iterate this list and name no
 * feature.
 */
import type { ReplayInfo } from '../../state/index.ts';
import { appsTab } from '../apps/apps-tab.ts';
import { auditTab } from '../audit/audit-tab.ts';
import { authorizationTab } from '../auth/authorization-tab.ts';
import { contractTab } from '../contracts/contract-tab.ts';
import { collectionsTab } from '../collections/collections-tab.ts';
import { historyTab } from '../history/history-tab.ts';
import { logsTab } from '../server-logs/logs-tab.ts';
import { playgroundTab } from '../playground/playground-tab.ts';
import { promptsTab } from '../prompts/prompts-tab.ts';
import { resourcesTab } from '../resources/resources-tab.ts';
import { rootsTab } from '../roots/roots-tab.ts';
import { tasksTab } from '../tasks/tasks-tab.ts';
import { toolsTab } from '../tools/tools-tab.ts';
import type { FeatureTab } from './feature-tab.ts';

const TABS: readonly FeatureTab[] = [
  toolsTab,
  resourcesTab,
  promptsTab,
  appsTab,
  playgroundTab,
  tasksTab,
  historyTab,
  collectionsTab,
  logsTab,
  rootsTab,
  authorizationTab,
  auditTab,
  contractTab,
];

/** The tabs offered: every one when live, the ones a file can rebuild while a saved session file is open. */
export function tabsFor(replay: ReplayInfo | null): readonly FeatureTab[] {
  return replay === null ? TABS : TABS.filter((tab) => tab.inReplay?.(replay) ?? false);
}
