import { useEffect, useMemo, useState } from 'react';
import { allowedMediaType, audioDataUrl, base64Size, imageBytesProblem, imageDataUrl, type MediaUrl } from './media.ts';

/** Above this, base64 media is checked and decoded in slices into a blob: URL, never in one long task. */
const LARGE_CHARS = 256 * 1024;
/** A multiple of 4, so every slice decodes on its own. */
const SLICE_CHARS = 512 * 1024;
const BASE64_SLICE = /^[A-Za-z0-9+/]*={0,2}$/;

const normalizedType = (kind: 'image' | 'audio', mimeType: unknown) => {
  const allowed = allowedMediaType(kind, mimeType);
  return allowed.ok ? allowed.type : '';
};

const check = (kind: 'image' | 'audio', mimeType: unknown, data: unknown) =>
  kind === 'image' ? imageDataUrl(mimeType, data) : audioDataUrl(mimeType, data);

/**
 * The URL to show a base64 image or audio block with. Small payloads get the checked data: URL of
 * media.ts; large ones the same checks (allowed type, real base64) done slice by slice between tasks, then a
 * Blob and its object URL (revoked on unmount). `null` while decoding.
 */
export function useMediaUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): MediaUrl | null {
  const large = typeof data === 'string' && data.length > LARGE_CHARS;
  // A large payload gets the type check up front; its bytes are checked as they are decoded.
  const small = useMemo((): MediaUrl => {
    if (!large) return check(kind, mimeType, data);
    const allowed = allowedMediaType(kind, mimeType);
    return allowed.ok ? { ok: true, url: '', bytes: 0 } : allowed;
  }, [kind, mimeType, data, large]);
  const [decoded, setDecoded] = useState<{ data: unknown; media: MediaUrl } | null>(null);

  useEffect(() => {
    if (!large || !small.ok) return;
    let cancelled = false;
    let url: string | null = null;
    const text = data as string;
    const type = normalizedType(kind, mimeType);
    void (async () => {
      const clean = /\s/.test(text.slice(0, 1024)) ? text.replace(/\s+/g, '') : text;
      const parts: Uint8Array[] = [];
      for (let start = 0; start < clean.length; start += SLICE_CHARS) {
        const slice = clean.slice(start, start + SLICE_CHARS);
        const last = start + SLICE_CHARS >= clean.length;
        if (!BASE64_SLICE.test(slice) || (!last && slice.includes('='))) {
          if (!cancelled) setDecoded({ data, media: { ok: false, reason: 'Not shown: the data is not valid base64.' } });
          return;
        }
        let binary: string;
        try {
          binary = atob(slice);
        } catch {
          if (!cancelled) setDecoded({ data, media: { ok: false, reason: 'Not shown: the data is not valid base64.' } });
          return;
        }
        const bytes = new Uint8Array(binary.length);
        for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
        parts.push(bytes);
        // The first slice holds the header: a lying mimeType or a decompression bomb stops here.
        const problem = kind === 'image' && start === 0 ? imageBytesProblem(bytes, type) : undefined;
        if (problem) {
          if (!cancelled) setDecoded({ data, media: { ok: false, reason: problem } });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 0));
        if (cancelled) return;
      }
      url = URL.createObjectURL(new Blob(parts as BlobPart[], { type }));
      setDecoded({ data, media: { ok: true, url, bytes: base64Size(clean) } });
    })();
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
  }, [data, large, small, kind, mimeType]);

  if (!large || !small.ok) return small;
  return decoded?.data === data ? decoded.media : null;
}
