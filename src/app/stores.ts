/**
 * The stores the app keeps, created together and wired to the preferences they persist. Preferences, saved
 * servers and saved requests belong to the browser and are shared by every connection in the workspace;
 * everything else belongs to one connection.
 */
import {
  createAuthStore,
  createCallHistoryStore,
  createCallsStore,
  createClientFeaturesStore,
  createConnectionStore,
  createDemoScriptStore,
  createHttpStore,
  createLogStore,
  createNavStore,
  createPaletteUsageStore,
  createPrefsStore,
  createSavedCallsStore,
  createServerLogStore,
  createServerRequestsStore,
  createSavedServersStore,
  createSessionFileStore,
  createViewStore,
  createConversationScriptStore,
  persistClientFeatures,
  persistEraChoice,
  type PrefsStorage,
} from '../state/index.ts';
import type { HeaderPair } from '../shared/model.ts';
import { createCollectionsStore } from './collections/collections-store.ts';
import { createFeatureStores } from './features/feature-stores.ts';

export function createSharedStores(prefsStorage: PrefsStorage | undefined) {
  return {
    prefs: createPrefsStore(prefsStorage),
    /** Saved servers (localStorage). */
    savedServers: createSavedServersStore(prefsStorage),
    savedCalls: createSavedCallsStore(prefsStorage),
    /** Demo mode's Playground scripts, per server (localStorage). */
    conversationScripts: createConversationScriptStore(prefsStorage),
    /** What the command palette was used for, so it opens on recent and most-used commands. */
    paletteUsage: createPaletteUsageStore(prefsStorage),
    /** The open collection and its latest run (localStorage, so a reload keeps it): see src/app/collections/. */
    collections: createCollectionsStore(prefsStorage),
  };
}

export type SharedStores = ReturnType<typeof createSharedStores>;

export function createStores(
  initial: { url: string; headers: HeaderPair[] },
  shared: SharedStores,
  initialView: { tab?: string; tool?: string | null } = {},
) {
  const { prefs } = shared;
  const connection = createConnectionStore(initial);
  const clientFeatures = createClientFeaturesStore();
  persistClientFeatures(clientFeatures, prefs);
  persistEraChoice(connection, prefs);
  return {
    connection,
    log: createLogStore(),
    http: createHttpStore(),
    sessionFile: createSessionFileStore(),
    ...shared,
    /** Server log messages, resource updates and subscriptions (Resources and Logs tabs). */
    serverLog: createServerLogStore(),
    serverRequests: createServerRequestsStore(),
    clientFeatures,
    auth: createAuthStore(),
    /** The tab and tool on screen, reflected in the address bar. */
    view: createViewStore(initialView),
    /** The calls a person started (Run tool, Get prompt, Re-send), by id: see src/app/calls.ts. */
    calls: createCallsStore(),
    /** Each feature's own (the audit's, the Playground's, the console's, …): see features/feature-stores.ts. */
    ...createFeatureStores(),
    /** Tool calls per server (History tab). */
    history: createCallHistoryStore(),
    /** Where the command palette asks the tabs to go. */
    nav: createNavStore(),
    /** Demo mode's script of saved requests: its position, and what it asks the Tools tab to do next. */
    demoScript: createDemoScriptStore(),
  };
}

export type Stores = ReturnType<typeof createStores>;
