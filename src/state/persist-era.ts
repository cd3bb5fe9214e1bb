import type { ConnectionStore } from './connection-store.ts';
import type { PrefsStore } from './prefs-store.ts';

/**
 * Starts the connection's era setting from the saved preference and saves every change, as the client
 * features are kept (client-features-store.ts).
 */
export function persistEraChoice(connection: ConnectionStore, prefs: PrefsStore): () => void {
  connection.getState().actions.setEra(prefs.getState().era);
  return connection.subscribe((state, previous) => {
    if (state.input.era !== previous.input.era) prefs.getState().actions.setEra(state.input.era);
  });
}
