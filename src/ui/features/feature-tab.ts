/**
 * What a feature declares to be a tab: its name (the tab's accessible name, kept in e2e/names.ts), its view
 * (lazy unless it is on the first screen), when it is offered while a saved session file is open, and the
 * lists it shows. Each feature declares its tab in its own folder (`<feature>/<feature>-tab.ts`); tabs.ts
 * lists them once.
 */
import type { ComponentType } from 'react';
import type { ReplayInfo } from '../../state/index.ts';
import { lazyView } from '../common/lazy-view.tsx';

export interface FeatureTab {
  name: string;
  view: ComponentType;
  /** Fetches the view's chunk ahead (the tab bar calls it when the pointer or focus comes to the tab). */
  preload?(): Promise<void>;
  /** Whether the tab is offered (read-only) while a saved session file is open; absent: never, a file cannot rebuild it. */
  inReplay?(replay: ReplayInfo): boolean;
  /** The lists it shows, asked for again (through the engine's cache) when the tab comes back. */
  lists?: readonly string[];
}

/**
 * A tab's view in a chunk of its own, loaded when the tab is first shown or ahead of it (`preload`). Once in,
 * the view renders at once (lazy-view.tsx), without a fallback and the 300 ms React 19 holds content after one.
 */
export function lazyTabView(load: () => Promise<{ default: ComponentType }>): Pick<FeatureTab, 'view' | 'preload'> {
  const { View, preload } = lazyView(load);
  return { view: View, preload };
}
