/**
 * Reads an image's real type and pixel size from its first bytes, without decoding it. A server's
 * `mimeType` is only a claim, and a small PNG can declare 20000×20000 pixels (a decompression bomb that
 * takes gigabytes to decode), so both are checked here before an image reaches the browser's decoder.
 */
export interface ImageHeader {
  type: 'image/png' | 'image/gif' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  width?: number;
  height?: number;
}

/** The largest width or height shown; beyond it decoding costs more memory than any tool result is worth. */
export const MAX_IMAGE_SIDE = 8192;

const at = (b: Uint8Array, sig: number[], offset = 0) => sig.every((v, i) => b[offset + i] === v);
const u16be = (b: Uint8Array, i: number) => (b[i]! << 8) | b[i + 1]!;
const u16le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8);
const u24le = (b: Uint8Array, i: number) => b[i]! | (b[i + 1]! << 8) | (b[i + 2]! << 16);
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) >>> 0) + (b[i + 1]! << 16) + (b[i + 2]! << 8) + b[i + 3]!;

export function readImageHeader(b: Uint8Array): ImageHeader | undefined {
  if (at(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
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
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { type: 'image/jpeg', height: u16be(b, i + 5), width: u16be(b, i + 7) };
      }
      i += 2 + u16be(b, i + 2);
    }
    return { type: 'image/jpeg' };
  }
  const head = new TextDecoder().decode(b.subarray(0, 1024)).trimStart().toLowerCase();
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return { type: 'image/svg+xml' };
  return undefined;
}

/** Why an image must not be decoded, or undefined when it may be. */
export function imageProblem(bytes: Uint8Array, declaredType: string): string | undefined {
  const header = readImageHeader(bytes);
  if (!header) return 'its bytes are not a PNG, JPEG, GIF, WebP or SVG image';
  if (header.type !== declaredType && !(header.type === 'image/jpeg' && declaredType === 'image/jpg')) {
    return `it is declared as ${declaredType || 'no type'} but its bytes are ${header.type}`;
  }
  if (header.width !== undefined && header.height !== undefined && (header.width > MAX_IMAGE_SIDE || header.height > MAX_IMAGE_SIDE)) {
    return `it is ${header.width}×${header.height} pixels, more than the ${MAX_IMAGE_SIDE}×${MAX_IMAGE_SIDE} MCP Lens decodes`;
  }
  return undefined;
}
