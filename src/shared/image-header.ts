/**
 * Reads an image's real type and pixel size from its first bytes, without decoding it. A server's
 * `mimeType` is only a claim, and a small PNG can declare 20000×20000 pixels (a decompression bomb that
 * takes gigabytes to decode), so both are checked here before an image reaches the browser's decoder.
 * This is the one checker for every image sink: tool results (ui/content/media.ts), icons (engine/features/icons.ts)
 * and resource blobs (engine/features/resource-read.ts).
 */
export interface ImageHeader {
  type: 'image/png' | 'image/gif' | 'image/jpeg' | 'image/webp' | 'image/svg+xml' | 'image/x-icon' | 'image/bmp' | 'image/avif';
  width?: number;
  height?: number;
}

/** The image types MCP Lens lets a browser decode (inline resource blobs); each is checked here first. */
export const DECODED_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/svg+xml',
  'image/avif',
  'image/bmp',
]);

/** The largest width or height shown; beyond it decoding costs more memory than any tool result is worth. */
const MAX_IMAGE_SIDE = 8192;

const at = (b: Uint8Array, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;
const i32le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16) | (b[i + 3]! << 24);
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function readImageHeader(b: Uint8Array): ImageHeader | undefined {
  if (at(b, PNG)) {
    return b.length >= 24 ? { type: 'image/png', width: u32be(b, 16), height: u32be(b, 20) } : { type: 'image/png' };
  }
  if (at(b, [0x47, 0x49, 0x46, 0x38]))
    return b.length >= 10 ? { type: 'image/gif', width: u16le(b, 6), height: u16le(b, 8) } : { type: 'image/gif' };
  if (at(b, [0x52, 0x49, 0x46, 0x46]) && at(b, [0x57, 0x45, 0x42, 0x50], 8)) {
    if (at(b, [0x56, 0x50, 0x38, 0x58], 12) && b.length >= 30)
      return { type: 'image/webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
    if (at(b, [0x56, 0x50, 0x38, 0x20], 12) && b.length >= 30)
      return { type: 'image/webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
    if (at(b, [0x56, 0x50, 0x38, 0x4c], 12) && b.length >= 25) {
      const bits = b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24);
      return { type: 'image/webp', width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
    }
    return { type: 'image/webp' };
  }
  if (at(b, [0xff, 0xd8, 0xff])) {
    // Walk the JPEG segments to the first start-of-frame marker, which holds the size.
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) return { type: 'image/jpeg' };
      const marker = b[i + 1]!;
      // Fill bytes: any number of 0xFF may precede a marker.
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'image/jpeg', height: u16be(b, i + 5), width: u16be(b, i + 7) };
      }
      i += 2 + u16be(b, i + 2);
    }
    return { type: 'image/jpeg' };
  }
  if (at(b, [0x00, 0x00, 0x01, 0x00])) return readIco(b);
  if (at(b, [0x42, 0x4d]) && b.length >= 26) return { type: 'image/bmp', width: Math.abs(i32le(b, 18)), height: Math.abs(i32le(b, 22)) };
  if (at(b, [0x66, 0x74, 0x79, 0x70], 4) && (at(b, [0x61, 0x76, 0x69, 0x66], 8) || at(b, [0x61, 0x76, 0x69, 0x73], 8))) return readAvif(b);
  const head = new TextDecoder().decode(b.subarray(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return { type: 'image/svg+xml' };
  return undefined;
}

/** The largest entry of an icon directory; an entry may hold a whole PNG, whose own header then counts. */
function readIco(b: Uint8Array): ImageHeader {
  const count = b.length >= 6 ? u16le(b, 4) : 0;
  let width = 0;
  let height = 0;
  for (let entry = 0; entry < count; entry++) {
    const at16 = 6 + entry * 16;
    if (at16 + 16 > b.length) return { type: 'image/x-icon' };
    let w = b[at16]! || 256;
    let h = b[at16 + 1]! || 256;
    const offset = i32le(b, at16 + 12) >>> 0;
    if (at(b, PNG, offset)) {
      if (offset + 24 > b.length) return { type: 'image/x-icon' };
      w = u32be(b, offset + 16);
      h = u32be(b, offset + 20);
    }
    width = Math.max(width, w);
    height = Math.max(height, h);
  }
  return count > 0 ? { type: 'image/x-icon', width, height } : { type: 'image/x-icon' };
}

/** AVIF keeps its size in an `ispe` property box; the largest one found counts. */
function readAvif(b: Uint8Array): ImageHeader {
  let width: number | undefined;
  let height: number | undefined;
  const end = Math.min(b.length, 64 * 1024) - 16;
  for (let i = 0; i < end; i++) {
    if (b[i] === 0x69 && at(b, [0x69, 0x73, 0x70, 0x65], i)) {
      width = Math.max(width ?? 0, u32be(b, i + 8));
      height = Math.max(height ?? 0, u32be(b, i + 12));
    }
  }
  return width === undefined || height === undefined ? { type: 'image/avif' } : { type: 'image/avif', width, height };
}

/** Why an image with this header must not be decoded (too many pixels, or a size we cannot read), or undefined. */
function sizeProblem(header: ImageHeader): string | undefined {
  // An SVG is drawn at the size it is shown, not the size it declares.
  if (header.type === 'image/svg+xml') return undefined;
  if (header.width === undefined || header.height === undefined) return 'its size cannot be read from its header';
  if (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE)
    return `it is ${header.width}×${header.height} pixels, more than the ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} MCP Lens decodes`;
  return undefined;
}

const NOT_AN_IMAGE = 'its bytes are not a PNG, JPEG, GIF, WebP, AVIF, BMP, ICO or SVG image';

/** Why an image must not be decoded, or undefined when it may be. The declared type must match the bytes. */
export function imageProblem(bytes: Uint8Array, declaredType: string): string | undefined {
  const header = readImageHeader(bytes);
  if (!header) return NOT_AN_IMAGE;
  const declared =
    declaredType === 'image/jpg' ? 'image/jpeg' : declaredType === 'image/vnd.microsoft.icon' ? 'image/x-icon' : declaredType;
  if (header.type !== declared) return `it is declared as ${declaredType || 'no type'} but its bytes are ${header.type}`;
  return sizeProblem(header);
}

/** The real type of image bytes whose declared type does not matter (icons), or why they must not be decoded. */
export function checkImageBytes(bytes: Uint8Array): { ok: true; type: ImageHeader['type'] } | { ok: false; reason: string } {
  const header = readImageHeader(bytes);
  if (!header) return { ok: false, reason: NOT_AN_IMAGE };
  const problem = sizeProblem(header);
  return problem ? { ok: false, reason: problem } : { ok: true, type: header.type };
}
