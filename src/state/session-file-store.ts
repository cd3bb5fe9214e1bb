/**
 * Session files: the tool results shown in this session (so a saved file has them), a saved session opened
 * read-only, and the progress or error of opening one.
 */
import { createStore } from 'zustand/vanilla';
import type { ReplayCatalog } from '../shared/replay-api.ts';
import type { SavedConversation, SavedResult, SessionFile } from '../shared/session-file/session-file.ts';

export interface ReplayInfo {
  /** Unique per opened file (negative, so it never equals a live connection key): query keys and panels use it. */
  key: number;
  fileName: string;
  savedAt: string;
  appVersion: string;
  connection: SessionFile['connection'];
  server: SessionFile['server'];
  results: SavedResult[];
  /** The Playground's conversations, shown read-only. */
  conversations: SavedConversation[];
  /** The Tools, Resources and Prompts tabs as the file recorded them. */
  catalog: ReplayCatalog;
  /** Why the tabs could not be rebuilt, if they could not (the file itself opened). */
  catalogError?: string;
}

interface SessionActions {
  recordResult(result: SavedResult): void;
  opening(loaded: number, total: number): void;
  openFailed(error: string): void;
  dismissError(): void;
  openReplay(info: ReplayInfo): void;
  closeReplay(): void;
}

export interface SessionFileState {
  /** Tool results shown in the live session, oldest first, the latest `MAX_RESULTS`. */
  results: SavedResult[];
  /** The saved session being browsed, read-only; null when live. */
  replay: ReplayInfo | null;
  progress: { loaded: number; total: number } | null;
  openError: string | null;
  actions: SessionActions;
}

const MAX_RESULTS = 100;

export function createSessionFileStore() {
  return createStore<SessionFileState>()((set) => ({
    results: [],
    replay: null,
    progress: null,
    openError: null,
    actions: {
      recordResult: (result) => set((state) => ({ results: [...state.results, result].slice(-MAX_RESULTS) })),
      opening: (loaded, total) => set({ progress: { loaded, total }, openError: null }),
      openFailed: (error) => set({ progress: null, openError: error }),
      dismissError: () => set({ openError: null }),
      openReplay: (replay) => set({ replay, progress: null, openError: null }),
      closeReplay: () => set({ replay: null }),
    },
  }));
}
