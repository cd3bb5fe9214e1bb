/**
 * What this client offers the server, as the person set it: the capabilities to declare on the next
 * Connect (each switchable, to see how a server treats a client without it) and the roots list.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_CLIENT_FEATURES, type ClientFeatureSettings, type Root } from '../shared/client-features.ts';
import type { PrefsStore } from './prefs-store.ts';

interface ClientFeaturesActions {
  setSetting(key: keyof ClientFeatureSettings, value: boolean): void;
  /** The roots as saved (sent to the engine); the draft follows them. */
  setRoots(roots: Root[]): void;
  setDraft(rows: RootDraft[]): void;
}

/** A roots-editor row while it is edited: possibly invalid, not yet offered to the server. */
interface RootDraft {
  uri: string;
  name: string;
}

export interface ClientFeaturesState {
  settings: ClientFeatureSettings;
  roots: Root[];
  draft: RootDraft[];
  actions: ClientFeaturesActions;
}

export function createClientFeaturesStore(initial: Partial<ClientFeatureSettings> = {}) {
  return createStore<ClientFeaturesState>()((set) => ({
    settings: { ...DEFAULT_CLIENT_FEATURES, ...initial },
    roots: [],
    draft: [],
    actions: {
      setSetting: (key, value) =>
        set((state) => {
          const settings = { ...state.settings, [key]: value };
          // Tool use in sampling is part of sampling: it goes off with it, and turning it on turns sampling on.
          if (key === 'sampling' && !value) settings.samplingTools = false;
          if (key === 'samplingTools' && value) settings.sampling = true;
          return { settings };
        }),
      setRoots: (roots) => set({ roots, draft: roots.map((root) => ({ uri: root.uri, name: root.name ?? '' })) }),
      setDraft: (draft) => set({ draft }),
    },
  }));
}

export type ClientFeaturesStore = ReturnType<typeof createClientFeaturesStore>;

/**
 * Starts the switches from the saved preferences and saves every change, so a reload keeps them. The
 * roots are not saved: file paths can say more about a machine than a person means to leave in storage.
 */
export function persistClientFeatures(store: ClientFeaturesStore, prefs: PrefsStore): () => void {
  store.setState({ settings: prefs.getState().clientFeatures });
  return store.subscribe((state, previous) => {
    if (state.settings !== previous.settings) prefs.getState().actions.setClientFeatures(state.settings);
  });
}
