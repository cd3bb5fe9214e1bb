/**
 * Requests to show a tab (and an item in it) from outside the tab: the command palette. Each request has a
 * new `seq`, so asking twice for the same place acts twice; the tabs and lists keep their own selection.
 */
import { createStore } from 'zustand/vanilla';

interface NavRequest {
  /** The tab's name as its button says it: "Tools", "Resources", … */
  tab: string;
  /** The tool or prompt name, or resource URI, to select in that tab. */
  item?: string;
  seq: number;
}

export interface NavState {
  request: NavRequest | null;
  actions: { go(tab: string, item?: string): void };
}

export function createNavStore() {
  let seq = 0;
  return createStore<NavState>()((set) => ({
    request: null,
    actions: {
      go: (tab, item) => set({ request: { tab, ...(item !== undefined && { item }), seq: ++seq } }),
    },
  }));
}
