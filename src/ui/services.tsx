/**
 * What the composition root hands to the React tree: the engine client and the stores. Components read
 * the smallest slice with the hooks below; actions objects are stable, so selecting them never re-renders.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { EngineClient } from '../bridge/index.ts';
import type {
  AuthState,
  AuthStore,
  ClientFeaturesState,
  ClientFeaturesStore,
  ConnectionState,
  ConnectionStore,
  LogState,
  LogStore,
  PrefsState,
  PrefsStore,
  ServerFeedState,
  ServerFeedStore,
  ServerRequestsState,
  ServerRequestsStore,
} from '../state/index.ts';

export interface AppServices {
  client: EngineClient;
  connection: ConnectionStore;
  log: LogStore;
  prefs: PrefsStore;
  /** Server log messages, resource updates and subscriptions (Resources and Logs tabs). */
  feed: ServerFeedStore;
  requests: ServerRequestsStore;
  clientFeatures: ClientFeaturesStore;
  auth: AuthStore;
  /** Where the authorization server sends the browser back: the app's callback page, under any base path. */
  oauthRedirectUrl: string;
}

const ServicesContext = createContext<AppServices | null>(null);

export function ServicesProvider({ services, children }: { services: AppServices; children: ReactNode }) {
  return <ServicesContext.Provider value={services}>{children}</ServicesContext.Provider>;
}

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesProvider is missing: render the app through main.tsx or wrap it in one.');
  return services;
}

export const useEngineClient = () => useServices().client;

export function useConnection<T>(selector: (state: ConnectionState) => T): T {
  return useStore(useServices().connection, selector);
}

export function useLog<T>(selector: (state: LogState) => T): T {
  return useStore(useServices().log, selector);
}

export function usePrefs<T>(selector: (state: PrefsState) => T): T {
  return useStore(useServices().prefs, selector);
}

export function useFeed<T>(selector: (state: ServerFeedState) => T): T {
  return useStore(useServices().feed, selector);
}

export function useServerRequests<T>(selector: (state: ServerRequestsState) => T): T {
  return useStore(useServices().requests, selector);
}

export function useClientFeatures<T>(selector: (state: ClientFeaturesState) => T): T {
  return useStore(useServices().clientFeatures, selector);
}

export function useAuth<T>(selector: (state: AuthState) => T): T {
  return useStore(useServices().auth, selector);
}
