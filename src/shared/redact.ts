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
