/**
 * Which inline media a tool result may show, and how. Base64 payloads become `data:` URLs only for
 * allowlisted types and only when the payload really is base64, so a crafted mimeType or data field cannot
 * smuggle anything else into the URL.
 */
import { imageProblem } from '../../shared/image-header.ts';

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml']);
const AUDIO_TYPES = new Set([
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
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
/** Enough of the payload to hold any image header we read (JPEG's frame marker can sit after EXIF data). */
const HEADER_BASE64_CHARS = 96 * 1024;

function headBytes(base64: string): Uint8Array {
  const head = base64.slice(0, HEADER_BASE64_CHARS - (HEADER_BASE64_CHARS % 4));
  const usable = head.length === base64.length ? head : head.slice(0, head.length - (head.length % 4));
  try {
    return Uint8Array.from(atob(usable), (c) => c.charCodeAt(0));
  } catch {
    return new Uint8Array();
  }
}

export type MediaUrl = { ok: true; url: string; bytes: number } | { ok: false; reason: string };

function normalizeType(mimeType: unknown): string {
  return typeof mimeType === 'string' ? mimeType.split(';')[0]!.trim().toLowerCase() : '';
}

export function base64Size(data: string): number {
  const clean = data.replace(/\s+/g, '');
  const padding = clean.endsWith('==') ? 2 : clean.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((clean.length * 3) / 4) - padding);
}

/** The normalized type when `kind` may show it, else why not. */
export function allowedMediaType(kind: 'image' | 'audio', mimeType: unknown): { ok: true; type: string } | { ok: false; reason: string } {
  const type = normalizeType(mimeType);
  const allowed = kind === 'image' ? IMAGE_TYPES : AUDIO_TYPES;
  return allowed.has(type)
    ? { ok: true, type }
    : { ok: false, reason: `Not shown: ${type || 'no'} mime type is not an allowed ${kind} type.` };
}

/** Why decoded image bytes must not be shown (wrong real type, too many pixels), as a sentence; else undefined. */
export function imageBytesProblem(bytes: Uint8Array, type: string): string | undefined {
  const problem = imageProblem(bytes, type);
  return problem && `Not shown: ${problem}.`;
}

function dataUrl(kind: 'image' | 'audio', mimeType: unknown, data: unknown): MediaUrl {
  const allowed = allowedMediaType(kind, mimeType);
  if (!allowed.ok) return allowed;
  const { type } = allowed;
  if (typeof data !== 'string') return { ok: false, reason: 'Not shown: the data field is missing.' };
  const clean = data.replace(/\s+/g, '');
  if (!BASE64.test(clean)) return { ok: false, reason: 'Not shown: the data is not valid base64.' };
  if (kind === 'image') {
    const problem = imageBytesProblem(headBytes(clean), type);
    if (problem) return { ok: false, reason: problem };
  }
  return { ok: true, url: `data:${type};base64,${clean}`, bytes: base64Size(clean) };
}

export const imageDataUrl = (mimeType: unknown, data: unknown) => dataUrl('image', mimeType, data);
export const audioDataUrl = (mimeType: unknown, data: unknown) => dataUrl('audio', mimeType, data);
