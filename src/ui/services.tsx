/**
 * What the composition root hands to the React tree: the workspace, and for each connection its
 * application (src/app/) with its stores and commands. Components call commands and read the smallest slice of a store with useStoreOf; `useApp` is private to this file (lint enforces it), and actions
 * objects are stable, so selecting them never re-renders.
 */
import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place a view's store read goes through
import { useStore, type StoreApi } from 'zustand';
import { type Commands, type LensApp, type Scope, type Stores, type Workspace, type WorkspaceState } from '../app/index.ts';
import { useThrottledState } from './common/use-throttled-state.ts';
import { latestKey, type AnyCall, type Call, type CallKind } from '../state/index.ts';

const WorkspaceContext = createContext<Workspace | null>(null);
const AppContext = createContext<LensApp | null>(null);

export function WorkspaceProvider({ workspace, children }: { workspace: Workspace; children: ReactNode }) {
  return <WorkspaceContext.Provider value={workspace}>{children}</WorkspaceContext.Provider>;
}

export function useWorkspace(): Workspace {
  const workspace = useContext(WorkspaceContext);
  if (!workspace) throw new Error('WorkspaceProvider is missing: render the app through main.tsx or wrap it in one.');
  return workspace;
}

/** The workspace's connections and which one is on screen. */
export function useWorkspaceState<T>(selector: (state: WorkspaceState) => T): T {
  return useStore(useWorkspace().store, selector);
}

/**
 * What the workspace calls a connection (src/app/connection/connection-names.ts: distinct among those open, so two
 * tabs to one server read "demo" and "demo · 2"); the connection on screen when `id` is absent.
 */
export function useConnectionName(id?: string): string {
  const workspace = useWorkspace();
  const activeId = useWorkspaceState((state) => state.activeId);
  return useStore(workspace.names, (names) => names[id ?? activeId] ?? '');
}

export function AppProvider({ app, children }: { app: LensApp; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

function useApp(): LensApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('AppProvider is missing: render the app through main.tsx or wrap it in one.');
  return app;
}

export const useCommands = (): Commands => useApp().commands;

/** One job by its id (undefined for none): a view that started a job of its own renders it by id. */
export function useCall(id: string | null): AnyCall | undefined {
  return useStore(storeOf(useApp(), 'calls'), (state) => (id === null ? undefined : state.byId.get(id)));
}

/**
 * The latest job of this kind about this target (a tool, prompt, log entry, URI, task, or SERVER; ANY_TARGET
 * for the latest of the kind): what its view shows, running or settled.
 */
export function useLatestCall<K extends CallKind>(kind: K, target: string): Call<K> | undefined {
  return useStore(storeOf(useApp(), 'calls'), (state) => {
    const id = state.latest.get(latestKey(kind, target));
    return id === undefined ? undefined : (state.byId.get(id) as Call<K> | undefined);
  });
}

/** The live session or the saved one being browsed: what a tab shows and whether its actions can run. */
export function useScope(): Scope {
  const app = useApp();
  const saved = useStoreOf('sessionFile', (state) => state.replay);
  const phase = useStoreOf('connection', (state) => state.phase);
  const connectionKey = useStoreOf('connection', (state) => state.connectionKey);
  const capabilities = useStoreOf('connection', (state) => state.summary?.capabilities);
  const era = useStoreOf('connection', (state) => state.summary?.era);
  return useMemo(
    () => app.scope({ phase, connectionKey, capabilities, era }, saved),
    [app, phase, connectionKey, capabilities, era, saved],
  );
}

/** The stores of one connection, by name: `useStoreOf('log', (state) => state.ids)`. */
export type StoreName = keyof Stores;
export type StateOf<N extends StoreName> = Stores[N] extends StoreApi<infer S> ? S : never;

const storeOf = <N extends StoreName>(app: LensApp, name: N) => app[name] as unknown as StoreApi<StateOf<N>>;

/**
 * The one way a view reads a store: the smallest slice it renders, by the store's name. Actions objects are
 * stable, so selecting them never re-renders.
 */
export function useStoreOf<N extends StoreName, T>(name: N, selector: (state: StateOf<N>) => T): T {
  return useStore<StoreApi<StateOf<N>>, T>(storeOf<N>(useApp(), name), selector);
}

/** A store's whole state, re-read at most every `intervalMs`: for lists that change many times a second. */
export function useThrottledStoreOf<N extends StoreName>(name: N, intervalMs: number): StateOf<N> {
  return useThrottledState(storeOf<N>(useApp(), name), intervalMs);
}

/**
 * The state of a store as it is at the moment of asking: for an event handler or an effect that acts once
 * (a click, a palette opening), never for rendering, which selects with useStoreOf.
 */
export function useStoreReader(): <N extends StoreName>(name: N) => StateOf<N> {
  const app = useApp();
  return useCallback(<N extends StoreName>(name: N) => storeOf<N>(app, name).getState(), [app]);
}

/** Where the authorization server sends the browser back (the Authorization tab shows it). */
export const useRedirectUrl = (): string => useApp().redirectUrl;
