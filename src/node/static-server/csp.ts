/**
 * The Content Security Policy for MCP Lens, one directive per entry.
 *
 * `connect-src` allows any http: and https: URL on purpose: the app talks to
 * whatever MCP server the user points it at, loopback included. Everything
 * else is locked to the app's own origin; server-provided media may only come
 * in as blob: or data: URLs, and HTML from servers only in blob: frames.
 */
export const CSP_DIRECTIVES: readonly string[] = [
  "default-src 'none'",
  // 'unsafe-eval': Ajv (behind @rjsf/validator-ajv8) compiles each tool's inputSchema into a function, and
  // live validation — which rjsf also needs to pick the matching branch of a oneOf/anyOf — cannot work
  // without it. Scripts still load only from our origin; Ajv's code generation escapes schema values.
  "script-src 'self' 'unsafe-eval'",
  "script-src-attr 'none'",
  "style-src 'self'",
  "img-src 'self' blob: data:",
  "media-src 'self' blob: data:",
  "font-src 'self'",
  "connect-src 'self' https: http:",
  "worker-src 'self'",
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  // Trusted Types: DOM XSS sinks refuse plain strings. The policies (src/shared/trusted-types.ts) let
  // through only the worker script and Ajv's compiled validators.
  "require-trusted-types-for 'script'",
  'trusted-types default dompurify',
];

/** The policy for the `Content-Security-Policy` response header. */
export const CSP = CSP_DIRECTIVES.join('; ');

/**
 * The same policy for `<meta http-equiv="Content-Security-Policy">`. Browsers
 * ignore `frame-ancestors` in a meta tag (and warn about it), so it is left
 * out; only the response header can stop the app being framed.
 */
export const CSP_META = CSP_DIRECTIVES.filter((d) => !d.startsWith('frame-ancestors')).join('; ');

/** Headers every response from a host of MCP Lens should carry. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Opener-Policy': 'same-origin',
};
