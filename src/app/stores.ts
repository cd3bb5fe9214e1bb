/** The stores the app keeps, created together and wired to the preferences they persist. */
import {
  createAuthStore,
  createCallHistoryStore,
  createClientFeaturesStore,
  createConnectionStore,
  createDemoScriptStore,
  createHttpStore,
  createLogStore,
  createNavStore,
  createPrefsStore,
  createSavedRequestsStore,
  createServerFeedStore,
  createServerRequestsStore,
  createServersStore,
  createSessionStore,
  createViewStore,
  persistClientFeatures,
  persistEraChoice,
  type PrefsStorage,
} from '../state/index.ts';
import type { HeaderPair } from '../shared/model.ts';

export function createStores(
  initial: { url: string; headers: HeaderPair[] },
  prefsStorage: PrefsStorage | undefined,
  initialView: { tab?: string; tool?: string | null } = {},
) {
  const prefs = createPrefsStore(prefsStorage);
  const connection = createConnectionStore(initial);
  const clientFeatures = createClientFeaturesStore();
  persistClientFeatures(clientFeatures, prefs);
  persistEraChoice(connection, prefs);
  return {
    connection,
    log: createLogStore(),
    http: createHttpStore(),
    session: createSessionStore(),
    prefs,
    /** Server log messages, resource updates and subscriptions (Resources and Logs tabs). */
    feed: createServerFeedStore(),
    requests: createServerRequestsStore(),
    clientFeatures,
    auth: createAuthStore(),
    /** Saved servers (localStorage). */
    servers: createServersStore(prefsStorage),
    /** The tab and tool on screen, reflected in the address bar. */
    view: createViewStore(initialView),
    /** Tool calls per server (History tab), and saved requests kept in the browser. */
    history: createCallHistoryStore(),
    savedRequests: createSavedRequestsStore(prefsStorage),
    /** Where the command palette asks the tabs to go. */
    nav: createNavStore(),
    /** Demo mode's script of saved requests: its position, and what it asks the Tools tab to do next. */
    demoScript: createDemoScriptStore(),
  };
}

export type Stores = ReturnType<typeof createStores>;
