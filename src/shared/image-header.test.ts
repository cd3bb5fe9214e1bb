import { describe, expect, it } from 'vitest';
import { imageProblem, readImageHeader } from './image-header.ts';
import { imageDataUrl } from '../ui/content/media.ts';

function png(width: number, height: number): Uint8Array {
  const b = new Uint8Array(33);
  b.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  new DataView(b.buffer).setUint32(16, width);
  new DataView(b.buffer).setUint32(20, height);
  return b;
}
const base64 = (b: Uint8Array) => btoa(String.fromCharCode(...b));

describe('image headers', () => {
  it('reads PNG, GIF and JPEG sizes without decoding', () => {
    expect(readImageHeader(png(640, 480))).toEqual({ type: 'image/png', width: 640, height: 480 });
    expect(readImageHeader(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x00, 0x20, 0x00]))).toEqual({
      type: 'image/gif',
      width: 16,
      height: 32,
    });
    const jpeg = new Uint8Array([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x00, 0x02, 0x00, 0x03,
    ]);
    expect(readImageHeader(jpeg)).toEqual({ type: 'image/jpeg', width: 512, height: 256 });
  });

  it('blocks a decompression bomb and a lying mimeType before decoding', () => {
    expect(imageProblem(png(20_000, 20_000), 'image/png')).toMatch(/20000×20000 pixels/);
    expect(imageProblem(png(10, 10), 'image/jpeg')).toMatch(/declared as image\/jpeg but its bytes are image\/png/);
    expect(imageProblem(new TextEncoder().encode('<html>'), 'image/png')).toMatch(/not a PNG/);
    expect(imageProblem(png(10, 10), 'image/png')).toBeUndefined();
  });

  it('tool result images go through the same checks', () => {
    expect(imageDataUrl('image/png', base64(png(20_000, 20_000)))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/more than the 8192×8192/),
    });
    expect(imageDataUrl('image/png', base64(png(8, 8)))).toMatchObject({ ok: true });
  });
});
