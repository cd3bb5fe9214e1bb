/**
 * What the composition root hands to the React tree: the workspace, and for each connection its
 * application (src/app/) with its stores and commands. Components call commands and read the smallest slice of a store with the hooks below; actions
 * objects are stable, so selecting them never re-renders.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { useStore } from 'zustand';
import { scopeOf, type Commands, type LensApp, type Scope, type Workspace, type WorkspaceState } from '../app/index.ts';
import {
  latestKey,
  type AnyCall,
  type AuthState,
  type Call,
  type CallKind,
  type CallsState,
  type ClientFeaturesState,
  type ConnectionState,
  type HttpState,
  type LogState,
  type PrefsState,
  type ServerLogState,
  type ServerRequestsState,
  type SessionFileState,
} from '../state/index.ts';

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

export function AppProvider({ app, children }: { app: LensApp; children: ReactNode }) {
  return <AppContext.Provider value={app}>{children}</AppContext.Provider>;
}

export function useApp(): LensApp {
  const app = useContext(AppContext);
  if (!app) throw new Error('AppProvider is missing: render the app through main.tsx or wrap it in one.');
  return app;
}

export const useCommands = (): Commands => useApp().commands;

/** The calls registry's store (its actions: forget a view's latest call). */
export function useCalls<T>(selector: (state: CallsState) => T): T {
  return useStore(useApp().calls, selector);
}

/** A call from the calls registry (src/app/calls.ts) by its id; undefined when there is none. */
export function useCall(id: string | undefined): AnyCall | undefined {
  return useStore(useApp().calls, (state) => (id === undefined ? undefined : state.byId.get(id)));
}

/** The latest call of this tool, prompt or log entry: what its view shows, running or settled. */
export function useLatestCall<K extends CallKind>(kind: K, target: string): Call<K> | undefined {
  return useStore(useApp().calls, (state) => {
    const id = state.latest.get(latestKey(kind, target));
    return id === undefined ? undefined : (state.byId.get(id) as Call<K> | undefined);
  });
}

/** The live session or the saved one being browsed: what a tab shows and whether its actions can run. */
export function useScope(): Scope {
  const { client } = useApp();
  const saved = useSessionFile((state) => state.replay);
  const phase = useConnection((state) => state.phase);
  const connectionKey = useConnection((state) => state.connectionKey);
  const capabilities = useConnection((state) => state.summary?.capabilities);
  return useMemo(() => scopeOf(client, { phase, connectionKey, capabilities }, saved), [client, phase, connectionKey, capabilities, saved]);
}

export function useConnection<T>(selector: (state: ConnectionState) => T): T {
  return useStore(useApp().connection, selector);
}

export function useLog<T>(selector: (state: LogState) => T): T {
  return useStore(useApp().log, selector);
}

export function usePrefs<T>(selector: (state: PrefsState) => T): T {
  return useStore(useApp().prefs, selector);
}

export function useHttp<T>(selector: (state: HttpState) => T): T {
  return useStore(useApp().http, selector);
}

export function useSessionFile<T>(selector: (state: SessionFileState) => T): T {
  return useStore(useApp().sessionFile, selector);
}

export function useServerLog<T>(selector: (state: ServerLogState) => T): T {
  return useStore(useApp().serverLog, selector);
}

export function useServerRequests<T>(selector: (state: ServerRequestsState) => T): T {
  return useStore(useApp().serverRequests, selector);
}

export function useClientFeatures<T>(selector: (state: ClientFeaturesState) => T): T {
  return useStore(useApp().clientFeatures, selector);
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(useApp().auth, selector);
}
