/**
 * The one redaction policy: one list of secret names, one URL masker, one mask format. Secrets are masked
 * at the moment they are captured (the wire tap, the auth recorder), so nothing downstream — the HTTP view,
 * HAR, session files, error messages, screenshots — ever holds them. Exports mask again on the way out
 * (cheap, and it covers files saved before a rule existed).
 */
import { ownEntries } from './own.ts';

/** The mask: what stands where a secret was. `maskSecret` adds the length, a URL carries the bare mask. */
const MASK = '••••';

/**
 * Names of headers, JSON fields and query parameters that hold secrets wherever they appear. Substrings
 * on purpose: `X-Goog-Api-Key`, `Ocp-Apim-Subscription-Key`, `X-Functions-Key`, `refresh_token`.
 */
const EXACT_SECRET_NAMES = 'authorization|proxy-authorization|cookie|set-cookie|passwd|assertion|code_verifier';
const SECRET_NAME_PARTS =
  'token|secret|password|api[-_]?key|subscription[-_]?key|functions?[-_]?key|session[-_]?key|private[-_]?key|access[-_]?key|credential|signature';
const SECRET_NAME = new RegExp(`^(?:${EXACT_SECRET_NAMES})$|${SECRET_NAME_PARTS}`, 'i');
/**
 * Matches somewhere in any text that holds a secret name (as a key, raw, escapes and all): a body without
 * one has nothing to mask, and is not walked pair by pair (every message body passes through here).
 */
const SECRET_NAME_ANYWHERE = new RegExp(`${EXACT_SECRET_NAMES}|${SECRET_NAME_PARTS}`, 'gi');

/**
 * Names that only look like secrets: a progress token is a correlation id, `token_type` is "Bearer",
 * `token_endpoint` is a URL. Shown as sent.
 */
const NOT_SECRET_NAME = /^(?:progress_?token|max_?tokens)$|_(?:type|endpoint|uri|url|supported)$/i;

/** Short query-parameter names that carry credentials in URLs (OAuth `code`, SAS `sig`, a bare `key`). */
const SECRET_QUERY_NAME = /^(?:key|sig|code|auth)$/i;

/**
 * Request headers whose values are shown: protocol headers an inspector needs to show, none of which holds
 * a credential. Every other request header — every header the person typed among them — is masked.
 */
const SHOWN_REQUEST_HEADERS = new Set([
  'accept',
  'accept-encoding',
  'accept-language',
  'cache-control',
  'content-length',
  'content-type',
  'last-event-id',
  'mcp-method',
  'mcp-name',
  'mcp-protocol-version',
  'mcp-session-id',
  'origin',
  'user-agent',
]);

export function isSecretName(name: string): boolean {
  return SECRET_NAME.test(name) && !NOT_SECRET_NAME.test(name);
}

/** A request header the person typed (or the SDK set) is secret unless it is a known protocol header. */
export function isSecretHeader(name: string): boolean {
  const lower = name.trim().toLowerCase();
  if (isSecretName(lower)) return true;
  return !(SHOWN_REQUEST_HEADERS.has(lower) || lower.startsWith('mcp-param-'));
}

/** Keeps the scheme of an Authorization value (`Bearer`, `Basic`) and a hint of its length, never the secret. */
export function maskSecret(value: string): string {
  // Idempotent, so masking again on export keeps the length of the original secret.
  if (value.startsWith(MASK) || /^\w{1,20} ••••/.test(value)) return value;
  const scheme = /^(\w{1,20})\s+\S/.exec(value)?.[1];
  const masked = `${MASK} (${value.length} chars)`;
  return scheme ? `${scheme} ${masked}` : masked;
}

/**
 * A rule's verdict per header name, remembered: every exchange sends and receives the same few names, and
 * each verdict costs two regular expressions. Bounded, since a server chooses the names it sends.
 */
function remembered(rule: (name: string) => boolean): (name: string) => boolean {
  const verdicts = new Map<string, boolean>();
  return (name) => {
    let verdict = verdicts.get(name);
    if (verdict === undefined) {
      verdict = rule(name);
      if (verdicts.size >= 512) verdicts.clear();
      verdicts.set(name, verdict);
    }
    return verdict;
  };
}
const isSecretRequestHeader = remembered(isSecretHeader);
const isSecretResponseHeader = remembered(isSecretName);
/** The same for the keys of JSON bodies: `jsonrpc`, `method`, `params`… in every message. */
const isSecretKey = remembered(isSecretName);

/** Headers we send: only known protocol headers keep their values. */
export function redactHeaders(entries: Iterable<[string, string]>): Array<[string, string]> {
  return Array.from(entries, ([name, value]) => [name, isSecretRequestHeader(name) ? maskSecret(value) : value]);
}

/** Headers a server sent: those with secret names (`Set-Cookie`, a token echoed back) are masked. */
export function redactResponseHeaders(entries: Iterable<[string, string]>): Array<[string, string]> {
  return Array.from(entries, ([name, value]) => [name, isSecretResponseHeader(name) ? maskSecret(value) : value]);
}

const decode = (text: string) => {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
};

const isSecretParam = (name: string) => isSecretName(name) || SECRET_QUERY_NAME.test(name);

/** Any part of a name that merely suggests a credential (`session`, `auth`, `jwt`, …). */
const CREDENTIAL_HINT = /token|key|secret|pass|auth|sig|session|code|credential|bearer|jwt/i;

/**
 * The broader rule for a URL's query parameters where a false alarm costs nothing and a miss is public:
 * the address bar and links drop them, and demo mode hides their values on screen.
 */
export const looksLikeCredential = (name: string) => isSecretParam(name) || CREDENTIAL_HINT.test(name);

/**
 * Masks credentials in a URL: user info is removed, and the values of secret-looking query parameters
 * (`isSecret`, by default the capture rule) become the bare mask. The rest of the URL is left byte for byte
 * as it was, so it still reads as typed.
 */
export function redactUrl(input: string, isSecret: (name: string) => boolean = isSecretParam): string {
  return rewriteQuery(input, isSecret, () => MASK);
}

/** An http(s) URL inside a piece of text: up to the first space, quote or angle bracket. */
export const URL_IN_TEXT = /\bhttps?:\/\/[^\s"'<>`]+/gi;

/** Every http(s) URL inside a piece of text (an error message, a note) passed through `redactUrl`. */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}

/** A copy of a JSON value with the string values of secret-named fields masked. */
export function redactJson(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 200) return value;
  if (Array.isArray(value)) return value.map((item) => redactJson(item, depth + 1));
  return ownEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      isSecretName(key) && typeof item === 'string' ? maskSecret(item) : redactJson(item, depth + 1),
    ]),
  );
}

/** A quoted JSON key (at most 200 characters) followed by a string value, possibly cut off by truncation. */
const KEYED_STRING = /"((?:[^"\\\n]|\\.){1,200})"(\s*:\s*)"((?:[^"\\]|\\.)*)("|$)/g;
const FORM_PAIR = /^[\w.%~+-]+=[^&\s]*(?:&[\w.%~+-]+=[^&\s]*)*$/;

/**
 * Whether a body's text holds a secret name anywhere, other than as a whole JSON key that only looks like one
 * (`"progressToken"`, `"maxTokens"`: `NOT_SECRET_NAME`), which is never masked. Every 2026-07-28 tool call
 * carries a progress token, so without that exception every request body was walked pair by pair for nothing.
 */
function mayHoldSecret(text: string): boolean {
  SECRET_NAME_ANYWHERE.lastIndex = 0;
  for (let hit = SECRET_NAME_ANYWHERE.exec(text); hit !== null; hit = SECRET_NAME_ANYWHERE.exec(text)) {
    // The quoted piece of text the name sits in; anything but a plain key that is not a secret name counts.
    const open = text.lastIndexOf('"', hit.index);
    const close = text.indexOf('"', hit.index + hit[0].length);
    if (open < 0 || close < 0 || text[open - 1] === '\\' || text[close + 1] !== ':') return true;
    const quoted = text.slice(open + 1, close);
    if (quoted.includes('\\') || !NOT_SECRET_NAME.test(quoted)) return true;
  }
  return false;
}

/**
 * Masks secrets in a body's text — the string values of secret-named JSON fields, or secret parameters of a
 * form body — leaving every other byte as it was sent. A value cut off by truncation (no closing quote) is
 * masked too, so a partial secret never stays.
 */
export function redactBodyText(text: string): string {
  const trimmed = text.trim();
  if (FORM_PAIR.test(trimmed) && trimmed.length < 1_000_000) {
    return trimmed
      .split('&')
      .map((pair) => {
        const equals = pair.indexOf('=');
        return isSecretParam(decode(pair.slice(0, equals)))
          ? `${pair.slice(0, equals)}=${maskSecret(decode(pair.slice(equals + 1)))}`
          : pair;
      })
      .join('&');
  }
  if (!mayHoldSecret(text)) return text;
  return text.replace(KEYED_STRING, (match, key: string, colon: string, value: string, close: string) =>
    isSecretKey(key) ? `"${key}"${colon}"${maskSecret(value)}${close}` : match,
  );
}

/**
 * A URL's own credentials, by the URL rule (`looksLikeCredential`): the names of query parameters that
 * carry a value and look like a credential, in order, each once. They are secrets like header values: kept
 * only on an opt-in, masked wherever the URL is shown or exported, a placeholder in snippets.
 */
export function urlCredentialNames(input: string): string[] {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return [];
  }
  const names = [...url.searchParams].filter(([name, value]) => value !== '' && looksLikeCredential(name)).map(([name]) => name);
  return [...new Set(names)];
}

/**
 * Rewrites the value of each query parameter `isSecret` names with `replace(name)` (null: leave it), removes
 * user info, and leaves every other byte of the URL as typed.
 */
function rewriteQuery(input: string, isSecret: (name: string) => boolean, replace: (name: string) => string | null): string {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return input;
  }
  url.username = '';
  url.password = '';
  if (url.search === '') return url.href;
  const query = url.search
    .slice(1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      if (equals < 0) return pair;
      const name = decode(pair.slice(0, equals));
      const value = isSecret(name) ? replace(name) : null;
      return value === null ? pair : `${pair.slice(0, equals)}=${value}`;
    })
    .join('&');
  const href = url.href;
  return `${href.slice(0, href.length - url.search.length - url.hash.length)}?${query}${url.hash}`;
}

/** A URL's own credentials (`looksLikeCredential`), each value rewritten with `replace(name)`. */
const rewriteUrlCredentials = (input: string, replace: (name: string) => string | null): string =>
  rewriteQuery(input, looksLikeCredential, replace);

/** The URL as it may be shown, copied or exported: credential values masked (`?api_key=••••`), no user info. */
export function maskUrlCredentials(input: string): string {
  return rewriteUrlCredentials(input, () => MASK);
}

/** The URL as it may be stored: credential values emptied (`?api_key=`) except those the person chose to keep. */
export function dropUrlCredentials(input: string, keep: readonly string[] = []): string {
  return rewriteUrlCredentials(input, (name) => (keep.includes(name) ? null : ''));
}

/** The URL in a snippet for another client: each credential value a placeholder the person replaces. */
export function urlWithPlaceholders(input: string, placeholder: (name: string) => string): string {
  return rewriteUrlCredentials(input, (name) => encodeURIComponent(placeholder(name)));
}

/** The URL with the values typed for its empty credential parameters (a saved server's, asked for by a link). */
export function fillUrlCredentials(input: string, values: Readonly<Record<string, string>>): string {
  return rewriteUrlCredentials(input, (name) => (values[name] === undefined ? null : encodeURIComponent(values[name])));
}

/** Names of a URL's credential parameters left empty (a saved server whose values were not kept). */
export function emptyUrlCredentials(input: string): string[] {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return [];
  }
  return [...new Set([...url.searchParams].filter(([name, value]) => value === '' && looksLikeCredential(name)).map(([name]) => name))];
}
