/**
 * What a feature declares to be a tab: its name (the tab's accessible name, kept in e2e/names.ts), its view
 * (lazy unless it is on the first screen), when it is offered while a saved session file is open, and the
 * lists it shows. Each feature declares its tab in its own folder (`<feature>/<feature>-tab.ts`); tabs.ts
 * lists them once.
 */
import type { ComponentType } from 'react';
import type { ReplayInfo } from '../../state/index.ts';

export interface FeatureTab {
  name: string;
  view: ComponentType;
  /** Whether the tab is offered (read-only) while a saved session file is open; absent: never, a file cannot rebuild it. */
  inReplay?(replay: ReplayInfo): boolean;
  /** The lists it shows, asked for again (through the engine's cache) when the tab comes back. */
  lists?: readonly string[];
}
