import { useEffect, useMemo, useState } from 'react';
import { audioDataUrl, imageDataUrl, type MediaUrl } from './media.ts';

/** Above this, base64 media becomes a blob: URL: a multi-megabyte data: URL is copied through every layer. */
const BLOB_THRESHOLD = 256 * 1024;

/**
 * The URL to show a base64 image or audio block with: checked exactly as `imageDataUrl`/`audioDataUrl` do,
 * then, when large, decoded once into a Blob (revoked on unmount).
 */
export function useMediaUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): MediaUrl | null {
  const checked = useMemo(() => (kind === 'image' ? imageDataUrl(mimeType, data) : audioDataUrl(mimeType, data)), [kind, mimeType, data]);
  const large = checked.ok && checked.url.length > BLOB_THRESHOLD;
  const [blobUrl, setBlobUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!checked.ok || !large) return;
    const comma = checked.url.indexOf(',');
    const type = checked.url.slice(5, checked.url.indexOf(';'));
    const binary = atob(checked.url.slice(comma + 1));
    const bytes = new Uint8Array(binary.length);
    for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
    const url = URL.createObjectURL(new Blob([bytes], { type }));
    setBlobUrl(url);
    return () => {
      URL.revokeObjectURL(url);
      setBlobUrl(null);
    };
  }, [checked, large]);
  if (!checked.ok || !large) return checked;
  return blobUrl === null ? null : { ok: true, url: blobUrl, bytes: checked.bytes };
}
