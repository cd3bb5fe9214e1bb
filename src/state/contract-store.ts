/**
 * The Contract tab of one connection (src/app/contracts/): the latest comparison of this server's contract
 * with a baseline (a snapshot file, or another open connection's server), and what is being done now (a
 * snapshot being taken to save or to compare). The snapshots are the jobs' (`contract-surface` in the jobs
 * registry); this store keeps what they gave and what the diff found.
 */
import { createStore } from 'zustand/vanilla';
import type { ContractChange } from '../shared/contract/contract-rules.ts';
import type { ContractSnapshot } from '../shared/contract/contract-snapshot.ts';
import type { EngineEvent } from '../shared/events.ts';

/** One side of a comparison: what it is called on screen and the snapshot. */
export interface ContractSide {
  /** "contract.json" (a file), "staging" (a connection), "demo" (this one). */
  label: string;
  kind: 'file' | 'connection';
  snapshot: ContractSnapshot;
}

export interface ContractComparison {
  /** The baseline: what clients depend on today. */
  old: ContractSide;
  /** What is compared with it: the connection on screen, unless swapped. */
  new: ContractSide;
  changes: ContractChange[];
  /** Lines about a schema MCP Lens's bounds cut while listing (changes past a cut are not seen). */
  warnings: string[];
  at: number;
  /** This connection connected again since: its side may no longer be what the server offers. */
  stale: boolean;
}

/** What the tab is doing: taking a snapshot to save, or the two sides of a comparison. */
type ContractActivity = { kind: 'saving' } | { kind: 'comparing'; against: string } | null;

export interface ContractState {
  comparison: ContractComparison | null;
  activity: ContractActivity;
  /** Why the last save or comparison did not happen (a bad file, a listing that failed), for a person. */
  error: string | null;
  /** The snapshot just saved: its file name, for the tab to say so until the next save or comparison starts. */
  saved: string | null;
  actions: {
    began(activity: NonNullable<ContractActivity>): void;
    compared(comparison: Omit<ContractComparison, 'stale'>): void;
    savedAs(fileName: string): void;
    failed(error: string): void;
    /** Old and new change places: the diff is taken the other way round. */
    swapped(changes: ContractChange[]): void;
    applyEvents(events: readonly EngineEvent[]): void;
  };
}

export function createContractStore() {
  return createStore<ContractState>()((set, get) => ({
    comparison: null,
    activity: null,
    error: null,
    saved: null,
    actions: {
      began: (activity) => set({ activity, error: null, saved: null }),
      compared: (comparison) => set({ comparison: { ...comparison, stale: false }, activity: null, error: null }),
      savedAs: (saved) => set({ saved, activity: null, error: null }),
      failed: (error) => set({ error, activity: null }),
      swapped(changes) {
        const { comparison } = get();
        if (comparison) set({ comparison: { ...comparison, old: comparison.new, new: comparison.old, changes } });
      },
      applyEvents(events) {
        const { comparison } = get();
        if (!comparison || comparison.stale) return;
        if (events.some((event) => event.type === 'connection' && event.phase === 'connected'))
          set({ comparison: { ...comparison, stale: true } });
      },
    },
  }));
}
