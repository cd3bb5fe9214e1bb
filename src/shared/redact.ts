/** Secrets are masked at the moment they are logged, so nothing downstream (log, export, screenshot) holds them. */

const SECRET_HEADER = /^(authorization|proxy-authorization|cookie|set-cookie|x-api-key|api-key)$|token|secret|password|session-key/i;

export function isSecretHeader(name: string): boolean {
  return SECRET_HEADER.test(name);
}

/** Keeps the scheme of an Authorization value (`Bearer`, `Basic`) and a hint of its length, never the secret. */
export function maskSecret(value: string): string {
  const scheme = /^(\w+)\s+\S/.exec(value)?.[1];
  const masked = `•••• (${value.length} chars)`;
  return scheme ? `${scheme} ${masked}` : masked;
}

export function redactHeaders(entries: Iterable<[string, string]>): Array<[string, string]> {
  return Array.from(entries, ([name, value]) => [name, isSecretHeader(name) ? maskSecret(value) : value]);
}

/** JSON keys whose string values are secrets wherever they appear in a body (tokens, passwords, keys). */
const SECRET_FIELD = String.raw`(?:access_token|refresh_token|id_token|client_secret|code_verifier|password|passwd|secret|token|api[-_]?key|apiKey|authorization|cookie)`;
const SECRET_VALUE = new RegExp(String.raw`("${SECRET_FIELD}"\s*:\s*)"(?:[^"\\]|\\.)*("|$)`, 'gi');

/**
 * Masks the string values of secret-looking JSON fields in a body's text, leaving every other byte as it
 * was sent. A value cut off by truncation (no closing quote) is masked too, so a partial secret never stays.
 */
export function redactBodyText(text: string): string {
  return text.replace(SECRET_VALUE, (_match, key: string, close: string) => `${key}"${'•••• (redacted)'}${close === '"' ? '"' : ''}`);
}
