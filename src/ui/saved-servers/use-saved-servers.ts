/** Selector hooks for the saved servers and the view (tab, tool, a link's request), as services.tsx has for the other stores. */
import { useStore } from 'zustand';
import type { SavedServersState, ViewState } from '../../state/index.ts';
import { useApp } from '../services.tsx';

export function useSavedServers<T>(selector: (state: SavedServersState) => T): T {
  return useStore(useApp().savedServers, selector);
}

export function useView<T>(selector: (state: ViewState) => T): T {
  return useStore(useApp().view, selector);
}
