/**
 * The Content Security Policy for MCP Lens, one directive per entry.
 *
 * `connect-src` allows any http: and https: URL on purpose: the app talks to
 * whatever MCP server the user points it at, loopback included. Everything
 * else is locked to the app's own origin; server-provided media may only come
 * in as blob: or data: URLs, and HTML from servers only in blob: frames.
 */
const CSP_DIRECTIVES: readonly string[] = [
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
  // blob: for the sandboxed HTML preview; 'self' for the MCP Apps sandbox page (public/sandbox.html), and the
  // second origin it is served from when MCP_LENS_SANDBOX_URL is set at build and run time.
  `frame-src blob: 'self'${sandboxOrigin(process.env.MCP_LENS_SANDBOX_URL)}`,
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  // Trusted Types: DOM XSS sinks refuse plain strings. The policies (src/shared/trusted-types/trusted-types.ts) let
  // through only the worker script and Ajv's compiled validators.
  "require-trusted-types-for 'script'",
  'trusted-types default dompurify',
];

/** ` <origin>` of a configured sandbox page, or '' (the same-origin page in an opaque-origin sandbox). */
function sandboxOrigin(url: string | undefined): string {
  if (url === undefined || url === '') return '';
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') throw new Error('MCP_LENS_SANDBOX_URL must be an http(s) URL.');
  return ` ${parsed.origin}`;
}

/**
 * The MCP Apps sandbox page's policy (public/sandbox.html carries the same as a meta tag): a ceiling for
 * the app documents it frames, which add their own declared policy. It allows inline script (apps are
 * single HTML files) and any network source, because the app's policy is the one that narrows it to what
 * the server declared. No frame-ancestors: the page relays only to the inspector origin named in its URL.
 */
const SANDBOX_CSP = [
  "default-src 'none'",
  "script-src 'unsafe-inline' blob: data: https: http:",
  "style-src 'unsafe-inline' blob: data: https: http:",
  'img-src blob: data: https: http:',
  'font-src blob: data: https: http:',
  'media-src blob: data: https: http:',
  'connect-src https: http: wss: ws:',
  'frame-src https: http:',
  "worker-src 'none'",
  "object-src 'none'",
  'base-uri https: http:',
  "form-action 'none'",
  // CSP's WebRTC switch. Chromium does not implement it yet (it logs "Unrecognized Content-Security-Policy
  // directive"), so the guard in front of every app takes RTCPeerConnection away (src/ui/apps/app-guard.ts);
  // a browser that does implement it refuses peer connections here too.
  "webrtc 'block'",
].join('; ');

/**
 * Powerful features nobody in MCP Lens uses, and no app may: denied for the page and every frame in it.
 * There is no Permissions Policy feature for WebRTC data channels (only for the camera, the microphone and
 * screen capture), so this is a floor under the guard, not a replacement for it.
 */
const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'display-capture=()',
  'geolocation=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'payment=()',
].join(', ');

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
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** Headers for the MCP Apps sandbox page: its own policy, and no COOP (it is only ever framed). */
export const SANDBOX_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': SANDBOX_CSP,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Permissions-Policy': PERMISSIONS_POLICY,
};

/** The sandbox page's file name, beside index.html. */
export const SANDBOX_PAGE = 'sandbox.html';
