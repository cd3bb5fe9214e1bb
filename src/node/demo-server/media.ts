import { deflateSync } from 'node:zlib';

/** An RGBA colour, each channel 0–255. */
export type Rgba = readonly [number, number, number, number];

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

// Own CRC-32 (the PNG/zlib polynomial) so the generator does not depend on
// `zlib.crc32`, which only exists on newer Node releases.
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typeAndData = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([length, typeAndData, crc]);
}

/**
 * Encodes an 8-bit RGBA image as a PNG. `pixel(x, y)` gives each pixel's colour.
 * Every scanline uses filter type 0 (none): the output is small enough that
 * better filtering would not matter, and it keeps the encoder obviously correct.
 */
function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgba): Buffer {
  const rowBytes = 1 + width * 4;
  const raw = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    raw[y * rowBytes] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b, a] = pixel(x, y);
      raw.set([r, g, b, a], y * rowBytes + 1 + x * 4);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type: truecolour with alpha
  ihdr[10] = 0; // compression: deflate
  ihdr[11] = 0; // filter method
  ihdr[12] = 0; // no interlace
  return Buffer.concat([PNG_SIGNATURE, pngChunk('IHDR', ihdr), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** Parses `#rrggbb` into an opaque colour. */
export function hexToRgba(hex: string): Rgba {
  const value = Number.parseInt(hex.replace(/^#/, ''), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff, 255];
}

/**
 * A square "lens" picture: a disc in `color` fading towards its rim, with a
 * highlight, on a transparent background — recognisable at any size.
 */
export function lensPng(size: number, color: Rgba): Buffer {
  const centre = (size - 1) / 2;
  const radius = size / 2 - 0.5;
  return encodePng(size, size, (x, y) => {
    const d = Math.hypot(x - centre, y - centre) / radius;
    if (d > 1) return [0, 0, 0, 0];
    const glint = Math.hypot(x - centre * 0.6, y - centre * 0.6) / radius < 0.22;
    if (glint) return [255, 255, 255, 230];
    const shade = 1 - 0.45 * d * d;
    return [Math.round(color[0] * shade), Math.round(color[1] * shade), Math.round(color[2] * shade), 255];
  });
}

/**
 * A mono 16-bit PCM WAV of a sine tone with short fades, so it plays without clicks.
 */
export function toneWav(frequencyHz: number, durationMs: number, sampleRate = 16_000): Buffer {
  const samples = Math.max(1, Math.round((sampleRate * durationMs) / 1000));
  const fade = Math.min(Math.round(sampleRate * 0.01), Math.floor(samples / 2));
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / Math.max(1, fade), (samples - 1 - i) / Math.max(1, fade));
    const value = Math.sin((2 * Math.PI * frequencyHz * i) / sampleRate) * envelope * 0.6;
    data.writeInt16LE(Math.round(value * 32767), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}
