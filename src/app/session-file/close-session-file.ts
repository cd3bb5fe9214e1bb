/** Closing a saved session (session-file-commands.ts opens one). */
import type { Stores } from '../stores.ts';

/** Leaves the saved session: its log and HTTP view go, and the app is live (disconnected) again. */
export function closeSessionFile(stores: Pick<Stores, 'log' | 'http' | 'console' | 'sessionFile'>): void {
  stores.log.getState().actions.clear();
  stores.http.getState().actions.clear();
  stores.console.getState().actions.clear();
  stores.sessionFile.getState().actions.closeReplay();
}
