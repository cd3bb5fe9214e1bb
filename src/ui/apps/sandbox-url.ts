/**
 * Where an MCP App's sandbox page is loaded from. By default it is sandbox.html beside index.html, framed
 * without allow-same-origin, so it runs on an opaque origin apart from the inspector's. A deployment with
 * a second origin sets MCP_LENS_SANDBOX_URL at build time (docs/security.md#mcp-apps); the frame stays
 * sandboxed the same way there too.
 */
declare const __MCP_LENS_SANDBOX_URL__: string | undefined;

const configured = typeof __MCP_LENS_SANDBOX_URL__ === 'string' ? __MCP_LENS_SANDBOX_URL__ : '';

/** The sandbox page's URL, telling it which origin it may talk to (this page's). */
export function sandboxPageUrl(base: string = document.baseURI, hostOrigin: string = location.origin): string {
  const url = new URL(configured !== '' ? configured : 'sandbox.html', base);
  url.searchParams.set('host', hostOrigin);
  return url.href;
}

/**
 * The sandbox attribute of the frame the sandbox page runs in. Never allow-same-origin: even on a second
 * origin, the page needs no storage of its own, and an opaque origin keeps every app apart from every other.
 */
export const SANDBOX_FLAGS = 'allow-scripts allow-forms';

/**
 * The frame's Permissions Policy, for hosts that send no Permissions-Policy header: no camera, microphone or
 * screen capture for any app (a frame's policy binds every frame inside it). WebRTC data channels have no
 * such switch; the guard takes them away (app-guard.ts).
 */
export const SANDBOX_ALLOW = "camera 'none'; microphone 'none'; display-capture 'none'";
