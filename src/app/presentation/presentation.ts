/**
 * What the screen may show, decided in one place: components that show a URL, a header value or a session
 * id, or write a file, ask this policy (through `usePresentation()`) instead of asking whether demo mode is
 * on. Demo mode is the one policy today that differs from the default: on stage, in front of people, no
 * credential is on screen and no file leaves the page.
 */
import { looksLikeCredential, redactUrl, URL_IN_TEXT } from '../../shared/redact.ts';

export interface Presentation {
  /** The URL with its credentials masked when they must stay off screen; null when it is shown as typed. */
  maskUrl(url: string): string | null;
  /**
   * A text that may carry URLs (a check's reason, an error, a step of the sign-in flow) as it may be shown:
   * each URL in it masked by `maskUrl`'s rule where that applies, otherwise the text unchanged.
   */
  maskUrlsIn(text: string): string;
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
  /**
   * The Message log and the HTTP view are on the page. Where they are not (on stage they fold into the
   * activity strip, and are not rendered at all, so no payload, header or session id is even in the DOM),
   * nothing offers to show something in them: a button that leads to a view that is not there is dead.
   */
  showsTraffic: boolean;
  /**
   * A finished tool run brings its result (and its app) to the top of the pane, so the audience sees what
   * came back without anyone scrolling to it.
   */
  revealsResults: boolean;
}

const DEFAULT: Presentation = {
  maskUrl: () => null,
  maskUrlsIn: (text) => text,
  hideValues: false,
  hiddenText: '',
  urlTooltips: true,
  exportRefusal: null,
  hiddenBecause: '',
  keysStepAScript: false,
  showsTraffic: true,
  revealsResults: false,
};

const ON_STAGE: Presentation = {
  maskUrl: hideUrlCredentials,
  maskUrlsIn: hideUrlCredentialsIn,
  hideValues: true,
  hiddenText: '•••• hidden in demo mode',
  urlTooltips: false,
  exportRefusal: 'Demo mode is on: files are not exported, so nothing secret leaves in one.',
  hiddenBecause: 'hidden in demo mode',
  keysStepAScript: true,
  showsTraffic: false,
  revealsResults: true,
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

/**
 * Every http(s) URL in a text with its credentials masked by `hideUrlCredentials`, and so is every
 * percent-encoded one (a form body's or a URL's `resource=https%3A%2F%2F…%3Fapi_key%3D…`: OAuth's resource
 * indicator is the server URL, query and all); the rest as it was.
 */
export function hideUrlCredentialsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => hideUrlCredentials(url) ?? url).replace(ENCODED_URL_IN_TEXT, hideEncodedUrlCredentials);
}

/** A percent-encoded http(s) URL, as a query or form value: up to the next `&`, space, quote or angle bracket. */
const ENCODED_URL_IN_TEXT = /\bhttps?%3A%2F%2F[^\s"'<>`&]+/gi;

function hideEncodedUrlCredentials(encoded: string): string {
  let url: string;
  try {
    url = decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
  const hidden = hideUrlCredentials(url);
  // Encoded again as it came, but the mask stays readable: `api_key%3D••••`, not `%E2%80%A2…`.
  return hidden === null ? encoded : encodeURIComponent(hidden).replace(/%E2%80%A2/g, '•');
}
