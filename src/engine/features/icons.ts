/**
 * Icons are fetched here, in the worker, by the spec's rules: only https (http on loopback) or data: image
 * URIs, no credentials, no redirects, a size cap, and the type sniffed from the bytes rather than trusted
 * from the server. The UI gets a Blob to show as an <img> — SVG included, which as an image runs no script.
 */
import { checkImageBytes } from '../../shared/image-header.ts';
import type { IconResult } from '../../shared/model.ts';
import { checkIconUrl } from '../../shared/url.ts';
import type { FetchLike } from '../wire/wire-tap.ts';

const MAX_ICON_BYTES = 512 * 1024;

export async function fetchIcon(src: string, fetch: FetchLike, serverUrl?: string): Promise<IconResult> {
  const checked = checkIconUrl(src);
  if (!checked.ok) return { ok: false, reason: checked.reason };
  const offOrigin =
    serverUrl !== undefined && !checked.url.toLowerCase().startsWith('data:') && new URL(checked.url).origin !== new URL(serverUrl).origin;
  // The spec's icon rules: an icon comes from the server's own origin (or a data: URI), so a server cannot
  // make the inspector call arbitrary hosts — trackers, the user's LAN — just by listing an icon.
  if (offOrigin)
    return {
      ok: false,
      reason: `Icon is on another origin (${new URL(checked.url).origin}) than the server; only the server's own origin or data: URIs are loaded.`,
    };
  // Decoded here rather than fetched: a data: URL is not a network request, and the CSP's connect-src
  // rightly does not allow data:.
  if (checked.url.toLowerCase().startsWith('data:')) return toIcon(decodeDataUrl(checked.url));
  let response: Response;
  try {
    response = await fetch(checked.url, { credentials: 'omit', redirect: 'error', referrerPolicy: 'no-referrer', cache: 'force-cache' });
  } catch {
    return { ok: false, reason: 'Icon could not be fetched (unreachable, redirected, or its host does not allow cross-origin requests).' };
  }
  if (!response.ok) return { ok: false, reason: `Icon request failed with HTTP ${response.status}.` };
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_ICON_BYTES) return { ok: false, reason: `Icon is larger than ${MAX_ICON_BYTES / 1024} KB.` };
  const bytes = await readCapped(response);
  if (bytes === undefined) return { ok: false, reason: `Icon is larger than ${MAX_ICON_BYTES / 1024} KB.` };
  return toIcon(bytes);
}

/** Reads at most the icon cap, stopping the download as soon as it is passed. */
async function readCapped(response: Response): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const reader = response.body.getReader();
  const out = new Uint8Array(MAX_ICON_BYTES);
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out.slice(0, length);
    if (length + value.byteLength > MAX_ICON_BYTES) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    out.set(value, length);
    length += value.byteLength;
  }
}

function toIcon(bytes: Uint8Array<ArrayBuffer> | undefined): IconResult {
  if (bytes === undefined) return { ok: false, reason: "The icon's data: URL is malformed." };
  if (bytes.byteLength > MAX_ICON_BYTES) return { ok: false, reason: `Icon is larger than ${MAX_ICON_BYTES / 1024} KB.` };
  // The type comes from the bytes, and a header that declares a decompression bomb stops here, before any
  // decoder sees it: the same checker as tool-result images and resource blobs.
  const checked = checkImageBytes(bytes);
  if (!checked.ok) return { ok: false, reason: `Refused before decoding: ${checked.reason}.` };
  return { ok: true, blob: new Blob([bytes], { type: checked.type }), mimeType: checked.type };
}

/** `data:[<type>][;base64],<data>` per RFC 2397; the declared type is ignored in favour of sniffing. */
export function decodeDataUrl(url: string): Uint8Array<ArrayBuffer> | undefined {
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  try {
    if (/;base64$/i.test(meta)) return Uint8Array.from(atob(payload.replace(/\s/g, '')), (c) => c.charCodeAt(0));
    return new TextEncoder().encode(decodeURIComponent(payload));
  } catch {
    return undefined;
  }
}
