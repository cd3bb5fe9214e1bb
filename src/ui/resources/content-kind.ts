/**
 * How a resource's contents item is shown, from its declared mimeType. Only allowlisted image and audio
 * types are shown inline; HTML is never rendered into our document; everything else binary is a download.
 */
import { DECODED_IMAGE_TYPES } from '../../shared/image-header.ts';

export type TextKind = 'json' | 'markdown' | 'html' | 'plain';
export type BlobKind = 'image' | 'audio' | 'download';

const INLINE_AUDIO = new Set([
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/webm',
  'audio/flac',
  'audio/aac',
  'audio/mp4',
]);

function baseType(mimeType: string | undefined): string {
  return (mimeType ?? '').split(';')[0]!.trim().toLowerCase();
}

export function textKind(mimeType: string | undefined, uri = ''): TextKind {
  const type = baseType(mimeType);
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'text/markdown' || type === 'text/x-markdown') return 'markdown';
  if (type === 'text/html' || type === 'application/xhtml+xml') return 'html';
  // No type declared: go by the extension, the only other hint there is.
  if (type === '') {
    if (/\.json$/i.test(uri)) return 'json';
    if (/\.(md|markdown)$/i.test(uri)) return 'markdown';
  }
  return 'plain';
}

export function blobKind(mimeType: string | undefined): BlobKind {
  const type = baseType(mimeType);
  if (DECODED_IMAGE_TYPES.has(type)) return 'image';
  if (INLINE_AUDIO.has(type)) return 'audio';
  return 'download';
}

/** Pretty JSON when the text parses, else undefined (the caller shows the raw text and says why). */
export function prettyJsonText(text: string): string | undefined {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return undefined;
  }
}

/** A safe file name for a download, from the last path segment of the URI. */
export function downloadName(uri: string, mimeType: string | undefined): string {
  const last =
    uri
      .replace(/[?#].*$/, '')
      .split(/[/\\]/)
      .filter(Boolean)
      .pop() ?? '';
  const cleaned = last
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 100);
  if (cleaned !== '') return cleaned;
  const sub =
    baseType(mimeType)
      .split('/')[1]
      ?.replace(/[^a-z0-9]+/g, '') ?? '';
  return `resource${sub ? `.${sub}` : '.bin'}`;
}
