/** The stores the app keeps, created together and wired to the preferences they persist. */
import {
  createAuthStore,
  createClientFeaturesStore,
  createConnectionStore,
  createHttpStore,
  createLogStore,
  createPrefsStore,
  createServerFeedStore,
  createServerRequestsStore,
  createSessionStore,
  persistClientFeatures,
  persistEraChoice,
  type PrefsStorage,
} from '../state/index.ts';
import type { HeaderPair } from '../shared/model.ts';

export function createStores(initial: { url: string; headers: HeaderPair[] }, prefsStorage: PrefsStorage | undefined) {
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
  };
}

export type Stores = ReturnType<typeof createStores>;
