/**
 * What the application layer needs from the outside world, passed in so that the same commands run in the
 * browser (src/main.tsx) and in Node tests (src/app/app.test.ts) without a DOM.
 */
import type { ParsedSession, SessionData } from '../shared/session-file/session-file.ts';
import type { PrefsStorage, SessionStorageLike } from '../state/index.ts';

/** How an authorization URL was opened, or why not. */
export type OpenResult = { ok: true } | { ok: false; reason: 'blocked' | 'refused'; detail?: string };

export interface AppEffects {
  now(): number;
  /** Lets the page paint between slices of long work (opening or saving a large session file). */
  yieldToUi(): Promise<void>;
  /** Offers the user a file to save. */
  download(fileName: string, content: Blob): void;
  /** Serializes a session file, redacted (off the main thread in the browser: 100,000 messages are tens of MB). */
  writeSessionFile(data: SessionData, meta: { savedAt: Date; appVersion: string }): Promise<Blob>;
  /** Reads and checks a session file (off the main thread in the browser), reporting progress. */
  readSessionFile(file: Blob, onProgress: (loaded: number, total: number) => void): Promise<ParsedSession>;
  /** Where preferences live (localStorage), or undefined when storage is disabled. */
  prefsStorage: PrefsStorage | undefined;
  /** This tab's sessionStorage (a sign-in across a full-page redirect), or undefined when disabled. */
  tabStorage(): SessionStorageLike | undefined;
  /** Opens a checked authorization URL in a popup, on the user's click. */
  openAuthorizationPopup(url: string): OpenResult;
  /** Sends this tab to a checked authorization URL (the full-page fallback). */
  navigateToAuthorization(url: string): OpenResult;
  /** The page's address: read once at start, then kept on what is on screen. Absent where there is none (Node). */
  address?: AddressEffect;
}

interface AddressEffect {
  /** The address the page was opened with, absolute. */
  initial: string;
  /** Replaces the current history entry's address (a query and a fragment, relative to the page). */
  replace(relative: string): void;
}
