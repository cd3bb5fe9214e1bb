/**
 * MCP Apps (the `io.modelcontextprotocol/ui` extension, SEP-1865): what a tool and a UI resource declare,
 * read defensively from server data, and the Content Security Policy an app runs under. Pure: the engine,
 * the sandbox page and the UI all use it. See docs/security.md#mcp-apps.
 */
import { record } from './read.ts';

/** The extension's id, declared in the client capabilities of both protocol eras. */
export const UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';
/** The MIME type of a UI resource an app runs from. */
export const APP_MIME_TYPE = 'text/html;profile=mcp-app';
/** The scheme every UI resource URI uses. */
export const APP_URI_SCHEME = 'ui://';

/** Domains a UI resource asks for; each maps to CSP directives (nothing declared: no network at all). */
export interface AppCsp {
  /** `connect-src`: fetch, XHR, WebSocket. */
  connectDomains: string[];
  /** `img-src`, `script-src`, `style-src`, `font-src`, `media-src`. */
  resourceDomains: string[];
  /** `frame-src`. */
  frameDomains: string[];
  /** `base-uri`. */
  baseUriDomains: string[];
}

/** What a UI resource's `_meta.ui` says about how to run it. */
export interface AppResourceMeta {
  csp: AppCsp;
  /** Browser features asked for (camera, microphone, geolocation, clipboardWrite); MCP Lens grants none. */
  permissions: string[];
  prefersBorder?: boolean;
}

/** What a tool's `_meta.ui` says: the app that shows its results, and who may call it. */
export interface ToolUi {
  resourceUri: string;
  /** `model`, `app`, or both (the default). An `app`-only tool is meant to be called by its app. */
  visibility: string[];
}

const MAX_DOMAINS = 32;
const MAX_DOMAIN_CHARS = 256;
const PERMISSIONS = ['camera', 'microphone', 'geolocation', 'clipboardWrite'];

/**
 * A CSP source a server may declare: a scheme plus host (wildcard subdomains allowed), optional port.
 * Anything else — keywords such as `'unsafe-eval'`, `*`, bare schemes, paths with `;` — could widen or break
 * the policy it is spliced into, so it is dropped.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

function domains(value: unknown, dropped: string[]): string[] {
  if (!Array.isArray(value)) return [];
  const out: string[] = [];
  for (const item of value.slice(0, MAX_DOMAINS)) {
    const text = typeof item === 'string' ? item.trim().replace(/\/$/, '') : '';
    if (text.length <= MAX_DOMAIN_CHARS && SOURCE.test(text)) out.push(text.toLowerCase());
    else dropped.push(String(item).slice(0, 80));
  }
  return out;
}

/** Reads `_meta.ui` of a UI resource (from `resources/read`, or its `resources/list` entry). */
export function readAppResourceMeta(meta: unknown): { meta: AppResourceMeta; dropped: string[] } {
  const ui = record(record(meta)?.ui);
  const csp = record(ui?.csp);
  const dropped: string[] = [];
  const permissions = record(ui?.permissions);
  return {
    meta: {
      csp: {
        connectDomains: domains(csp?.connectDomains, dropped),
        resourceDomains: domains(csp?.resourceDomains, dropped),
        frameDomains: domains(csp?.frameDomains, dropped),
        baseUriDomains: domains(csp?.baseUriDomains, dropped),
      },
      permissions: PERMISSIONS.filter((name) => permissions !== undefined && Object.hasOwn(permissions, name)),
      ...(typeof ui?.prefersBorder === 'boolean' && { prefersBorder: ui.prefersBorder }),
    },
    dropped,
  };
}

/** Reads a tool's `_meta.ui` (or the older flat `_meta["ui/resourceUri"]`); only `ui://` URIs count. */
export function readToolUi(meta: unknown): ToolUi | undefined {
  const raw = record(meta);
  const ui = record(raw?.ui);
  const uri = typeof ui?.resourceUri === 'string' ? ui.resourceUri : raw?.['ui/resourceUri'];
  if (typeof uri !== 'string' || !uri.startsWith(APP_URI_SCHEME) || uri.length > 2048) return undefined;
  const visibility = Array.isArray(ui?.visibility) ? ui.visibility.filter((v): v is string => v === 'model' || v === 'app') : [];
  return { resourceUri: uri, visibility: visibility.length > 0 ? visibility : ['model', 'app'] };
}

/** Whether a resource is an MCP App by its declared type (parameters compared without spaces or case). */
export function isAppMimeType(mimeType: string | undefined): boolean {
  return mimeType !== undefined && mimeType.replace(/\s+/g, '').toLowerCase() === APP_MIME_TYPE;
}

/**
 * The policy an app's document runs under. Inline script and style are allowed (apps are single HTML
 * files); `blob:` and `data:` are local, not network. Every network source comes from the declaration:
 * nothing declared means no fetch, no remote script, no remote image.
 */
export function appCspPolicy(csp: AppCsp): string {
  const list = (items: string[], fallback: string) => (items.length > 0 ? items.join(' ') : fallback);
  const resources = csp.resourceDomains.join(' ');
  return [
    "default-src 'none'",
    `script-src 'unsafe-inline' blob: data: ${resources}`.trim(),
    `style-src 'unsafe-inline' blob: data: ${resources}`.trim(),
    `img-src blob: data: ${resources}`.trim(),
    `font-src blob: data: ${resources}`.trim(),
    `media-src blob: data: ${resources}`.trim(),
    `connect-src ${list(csp.connectDomains, "'none'")}`,
    `frame-src ${list(csp.frameDomains, "'none'")}`,
    `base-uri ${list(csp.baseUriDomains, "'none'")}`,
    "worker-src 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join('; ');
}
