/**
 * The part of an exchange's URL after its origin, byte for byte as captured. Through `new URL()` the mask
 * `••••` (what src/shared/redact.ts puts in place of a query credential) came out percent-encoded as
 * `%E2%80%A2…`, which reads as a value rather than as the mask.
 */
export function pathAsWritten(url: string): string {
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(url);
  if (origin === null) return url;
  const rest = url.slice(origin[0].length);
  return rest === '' || !rest.startsWith('/') ? `/${rest}` : rest;
}
