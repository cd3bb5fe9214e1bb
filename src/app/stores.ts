/** The stores the app keeps, created together and wired to the preferences they persist. */
import {
  createAuthStore,
  createCallHistoryStore,
  createClientFeaturesStore,
  createConnectionStore,
  createHttpStore,
  createLogStore,
  createNavStore,
  createPrefsStore,
  createSavedRequestsStore,
  createServerFeedStore,
  createServerRequestsStore,
  createSessionStore,
  persistClientFeatures,
  persistEraChoice,
  type PrefsStorage,
} from '../state/index.ts';

export function createStores(initialUrl: string, prefsStorage: PrefsStorage | undefined) {
  const prefs = createPrefsStore(prefsStorage);
  const connection = createConnectionStore({ url: initialUrl });
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
    /** Tool calls per server (History tab), and saved requests kept in the browser. */
    history: createCallHistoryStore(),
    savedRequests: createSavedRequestsStore(prefsStorage),
    /** Where the command palette asks the tabs to go. */
    nav: createNavStore(),
  };
}

export type Stores = ReturnType<typeof createStores>;
