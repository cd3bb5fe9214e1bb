/**
 * Where the user is in the app: the feature tab and the selected tool, and a link's request to connect. Kept in a store rather than in the
 * components so the address bar can reflect it (src/app/address-sync.ts) and a link can set it.
 */
import { createStore } from 'zustand/vanilla';

/** A feature tab, by its name in lower case ("tools", "resources", …). */
export type TabName = string;

export interface ViewState {
  tab: TabName;
  /** The selected tool's name, or null. */
  tool: string | null;
  /** A server a link asked to connect to, waiting for the user to confirm; null when none. */
  pendingLink: string | null;
  /** The headers of that link's saved server whose values are not kept: asked for before connecting. */
  linkNeeds: readonly string[];
  actions: {
    showTab(tab: TabName): void;
    selectTool(name: string | null): void;
    setPendingLink(url: string | null, needs?: readonly string[]): void;
  };
}

export function createViewStore(initial: { tab?: TabName; tool?: string | null } = {}) {
  return createStore<ViewState>()((set) => ({
    tab: initial.tab ?? 'tools',
    tool: initial.tool ?? null,
    pendingLink: null,
    linkNeeds: [],
    actions: {
      showTab: (tab) => set({ tab: tab.toLowerCase() }),
      selectTool: (tool) => set({ tool }),
      setPendingLink: (pendingLink, needs = []) => set({ pendingLink, linkNeeds: pendingLink === null ? [] : needs }),
    },
  }));
}
