/**
 * What the screen may show, decided in one place: components that show a URL, a header value or a session
 * id, or write a file, ask this policy (through `usePresentation()`) instead of asking whether demo mode is
 * on. Demo mode is the one policy today that differs from the default: on stage, in front of people, no
 * credential is on screen and no file leaves the page.
 */
import { looksLikeCredential, redactUrl } from '../shared/redact.ts';

export interface Presentation {
  /** The URL with its credentials masked when they must stay off screen; null when it is shown as typed. */
  maskUrl(url: string): string | null;
  /** Header values and session ids are hidden, and cannot be revealed. */
  hideValues: boolean;
  /** What stands in for a hidden value. */
  hiddenText: string;
  /** Tooltips that repeat a URL (with whatever it carries) are shown. */
  urlTooltips: boolean;
  /** Why no file may be exported now, or null when exports are allowed. */
  exportRefusal: string | null;
  /** Why a value or URL is hidden, for hints beside it ("hidden in demo mode"). */
  hiddenBecause: string;
  /**
   * The arrow keys belong to a script (demo mode's →), so nothing moves the focus into an arrow-key widget
   * such as the feature tabs by itself: a presenter's → after Connect must step the script, not switch tabs.
   */
  keysStepAScript: boolean;
}

const DEFAULT: Presentation = {
  maskUrl: () => null,
  hideValues: false,
  hiddenText: '',
  urlTooltips: true,
  exportRefusal: null,
  hiddenBecause: '',
  keysStepAScript: false,
};

const ON_STAGE: Presentation = {
  maskUrl: hideUrlCredentials,
  hideValues: true,
  hiddenText: '•••• hidden in demo mode',
  urlTooltips: false,
  exportRefusal: 'Demo mode is on: files are not exported, so nothing secret leaves in one.',
  hiddenBecause: 'hidden in demo mode',
  keysStepAScript: true,
};

/** The policy for the current preferences (demo mode: `prefs.demo`). */
export function presentationOf(prefs: { demo: boolean }): Presentation {
  return prefs.demo ? ON_STAGE : DEFAULT;
}

/**
 * A URL with its credentials masked (user info, and the values of query parameters whose names suggest a
 * credential, by the rule that keeps them out of the address bar), or null when it carries none.
 */
export function hideUrlCredentials(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  const credential =
    parsed.username !== '' ||
    parsed.password !== '' ||
    [...parsed.searchParams].some(([name, value]) => value !== '' && looksLikeCredential(name));
  return credential ? redactUrl(url.trim(), looksLikeCredential) : null;
}
