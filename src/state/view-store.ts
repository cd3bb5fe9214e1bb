/**
 * Where the user is in the app: the feature tab and the selected tool, and a link's request to connect. Kept in a store rather than in the
 * components so the address bar can reflect it (src/app/address/address-sync.ts) and a link can set it.
 */
import { createStore } from 'zustand/vanilla';

/** A feature tab, by its name in lower case ("tools", "resources", …). */
export type TabName = string;

/** A value a link's saved server keeps off this device: a header's, or a credential parameter's in its URL. */
export interface LinkNeed {
  in: 'header' | 'url';
  name: string;
}

/** How a typed value names its need: a header and a URL parameter may share a name. */
export const linkNeedKey = (need: LinkNeed): string => `${need.in}:${need.name}`;

export interface ViewState {
  tab: TabName;
  /** The selected tool's name, or null. */
  tool: string | null;
  /** A server a link asked to connect to, waiting for the user to confirm; null when none. */
  pendingLink: string | null;
  /** The values that link's saved server does not keep (headers, URL credentials): asked for before connecting. */
  linkNeeds: readonly LinkNeed[];
  /**
   * The pending link is a local relay's (a relay's address, its token in the bar): what the link says the
   * relay runs, or null when it says nothing. Undefined for any other link.
   */
  linkRelay: { runs: string | null } | undefined;
  actions: {
    showTab(tab: TabName): void;
    selectTool(name: string | null): void;
    setPendingLink(url: string | null, needs?: readonly LinkNeed[], relay?: { runs: string | null }): void;
  };
}

export function createViewStore(initial: { tab?: TabName; tool?: string | null } = {}) {
  return createStore<ViewState>()((set) => ({
    tab: initial.tab ?? 'tools',
    tool: initial.tool ?? null,
    pendingLink: null,
    linkNeeds: [],
    linkRelay: undefined,
    actions: {
      showTab: (tab) => set({ tab: tab.toLowerCase() }),
      selectTool: (tool) => set({ tool }),
      setPendingLink: (pendingLink, needs = [], relay) =>
        set({ pendingLink, linkNeeds: pendingLink === null ? [] : needs, linkRelay: pendingLink === null ? undefined : relay }),
    },
  }));
}
