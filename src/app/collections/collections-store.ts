/**
 * The open collection (docs/collections.md): its steps and expectations, whether it changed since it was
 * opened or saved, and its latest run in the app. It belongs to the workspace, not to one connection (the
 * same file runs against whichever server is on screen), and it is kept in the browser's storage on every
 * change, so a reload opens it again as it was, unsaved edits included.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Collection, CollectionStep } from '../../shared/collection/format.ts';
import { checkCollection } from '../../shared/collection/read.ts';
import type { CollectionRun, StepResult } from '../../shared/collection/run.ts';
import { isRecord } from '../../shared/read.ts';
import type { PrefsStorage } from '../../state/index.ts';

const STORAGE_KEY = 'mcp-lens.collection';

/** The latest run: started as one job of the connection's registry, its steps' results as each ends. */
export interface CollectionRunView {
  /** The registry's job (src/app/calls.ts), which every step's request carries in the log as its `origin.job`. */
  job: string;
  /** The connection it ran on, by name, for "ran against …". */
  server: string;
  total: number;
  /** Each ended step's result, by the step's index. */
  results: readonly StepResult[];
  status: 'running' | 'done' | 'stopped' | 'failed';
  /** Why the run itself failed (not a step: the server went away, a variable is unset). */
  error?: string;
  /** Steps whose new result was accepted as their snapshot since the run. */
  accepted: readonly number[];
}

export interface CollectionsState {
  collection: Collection | null;
  /** The file it was opened from (or will be saved as), for a person; null for one built here. */
  fileName: string | null;
  /** Changed since it was opened or last saved. */
  dirty: boolean;
  /** Why the last file did not open, for the tab's banner; null when it did. */
  openError: string | null;
  /** The browser would not keep the collection (storage full or disabled): said, so nothing is lost unknowingly. */
  storageError: string | null;
  run: CollectionRunView | null;
  /**
   * What the person gave for the collection's variables, by `env:NAME` / `var:NAME` (run-variables.ts). In
   * memory only: never written to storage (keep writes the collection alone) nor to a saved file; gone on close.
   */
  values: Readonly<Record<string, string>>;
  actions: CollectionsActions;
}

interface CollectionsActions {
  open(collection: Collection, fileName: string): void;
  openFailed(reason: string): void;
  dismissError(): void;
  /** Adds a step at the end, creating a collection named `name` when none is open. */
  addStep(step: CollectionStep, name: string): void;
  /** Replaces step `index` (an edit in the step editor). */
  editStep(index: number, step: CollectionStep): void;
  removeStep(index: number): void;
  moveStep(index: number, by: -1 | 1): void;
  rename(name: string): void;
  close(): void;
  /** Gives a variable's value for runs in this page (`key` as run-variables.ts makes it); '' takes it back. */
  setValue(key: string, value: string): void;
  saved(fileName: string): void;
  runStarted(run: Pick<CollectionRunView, 'job' | 'server' | 'total'>): void;
  stepEnded(job: string, result: StepResult): void;
  runEnded(job: string, run: CollectionRun | { error: string; stopped: boolean }): void;
  /** Marks a step's snapshot as replaced by the run's result (the edit itself is `editStep`). */
  accepted(index: number): void;
}

export function createCollectionsStore(storage?: PrefsStorage) {
  const kept = readKept(storage);
  const store = createStore<CollectionsState>()((set) => {
    const change = (update: (collection: Collection) => Collection, clearsRun = true) =>
      set((state) =>
        state.collection === null
          ? {}
          : {
              collection: update(state.collection),
              dirty: true,
              ...(clearsRun && { run: state.run?.status === 'running' ? state.run : null }),
            },
      );
    const ofRun = (job: string, update: (run: CollectionRunView) => Partial<CollectionRunView>) =>
      set((state) => (state.run?.job === job ? { run: { ...state.run, ...update(state.run) } } : {}));
    return {
      collection: kept?.collection ?? null,
      fileName: kept?.fileName ?? null,
      dirty: kept?.dirty ?? false,
      openError: null,
      storageError: null,
      run: null,
      values: {},
      actions: {
        open: (collection, fileName) => set({ collection, fileName, dirty: false, openError: null, run: null }),
        openFailed: (openError) => set({ openError }),
        dismissError: () => set({ openError: null, storageError: null }),
        addStep: (step, name) =>
          set((state) => ({
            collection: state.collection
              ? { ...state.collection, steps: [...state.collection.steps, step] }
              : { format: 'mcp-lens-collection', version: 1, name, steps: [step] },
            dirty: true,
          })),
        editStep: (index, step) =>
          change((collection) => ({ ...collection, steps: collection.steps.map((each, at) => (at === index ? step : each)) }), false),
        removeStep: (index) =>
          set((state) => {
            if (!state.collection) return {};
            const steps = state.collection.steps.filter((_, at) => at !== index);
            return steps.length === 0
              ? { collection: null, fileName: null, dirty: false, run: null }
              : { collection: { ...state.collection, steps }, dirty: true, run: state.run?.status === 'running' ? state.run : null };
          }),
        moveStep: (index, by) =>
          change((collection) => {
            const steps = [...collection.steps];
            const to = index + by;
            if (to < 0 || to >= steps.length) return collection;
            [steps[index], steps[to]] = [steps[to]!, steps[index]!];
            return { ...collection, steps };
          }),
        rename: (name) => change((collection) => ({ ...collection, name }), false),
        close: () => set({ collection: null, fileName: null, dirty: false, run: null, openError: null, values: {} }),
        setValue: (key, value) => set((state) => ({ values: { ...state.values, [key]: value } })),
        saved: (fileName) => set({ fileName, dirty: false }),
        runStarted: ({ job, server, total }) => set({ run: { job, server, total, results: [], status: 'running', accepted: [] } }),
        stepEnded: (job, result) => ofRun(job, (run) => ({ results: [...run.results, result] })),
        runEnded: (job, ended) =>
          ofRun(job, () =>
            'error' in ended
              ? { status: ended.stopped ? 'stopped' : 'failed', ...(ended.stopped ? {} : { error: ended.error }) }
              : { status: ended.counts.cancelled > 0 ? 'stopped' : 'done', results: ended.steps },
          ),
        accepted: (index) =>
          set((state) => (state.run ? { run: { ...state.run, accepted: [...new Set([...state.run.accepted, index])] } } : {})),
      },
    };
  });
  keep(store, storage);
  return store;
}

/** Writes the collection to storage when it (or its file name or dirty mark) changes; run progress is not written. */
function keep(store: StoreApi<CollectionsState>, storage: PrefsStorage | undefined) {
  if (!storage) return;
  store.subscribe((state, before) => {
    if (state.collection === before.collection && state.fileName === before.fileName && state.dirty === before.dirty) return;
    try {
      storage.setItem(
        STORAGE_KEY,
        state.collection === null ? '' : JSON.stringify({ collection: state.collection, fileName: state.fileName, dirty: state.dirty }),
      );
      if (state.storageError !== null) store.setState({ storageError: null });
    } catch {
      store.setState({
        storageError: 'The browser would not keep this collection (its storage is full or disabled): save it to a file before you reload.',
      });
    }
  });
}

/** What storage holds, checked as a file is (it may be from another build, or edited by hand); null for nothing usable. */
function readKept(storage: PrefsStorage | undefined): { collection: Collection; fileName: string | null; dirty: boolean } | null {
  let parsed: unknown;
  try {
    const text = storage?.getItem(STORAGE_KEY);
    if (!text) return null;
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  // Stored here only after it was checked whole (opened or built in the app): its patterns are not compiled
  // again at load, which would load the regular-expression engine with the first screen; the judge still
  // refuses one it cannot compile, at the step.
  const read = checkCollection(parsed.collection, () => undefined);
  if (!read.ok) return null;
  return {
    collection: read.collection,
    fileName: typeof parsed.fileName === 'string' ? parsed.fileName : null,
    dirty: parsed.dirty === true,
  };
}
