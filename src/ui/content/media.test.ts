import { describe, expect, it } from 'vitest';
import { allowedMediaType, audioDataUrl, base64Size, imageBytesProblem, imageDataUrl } from './media.ts';

describe('media data URLs', () => {
  it('builds data URLs for allowlisted types only', () => {
    const onePixel = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ';
    expect(imageDataUrl('image/png', onePixel)).toEqual({ ok: true, url: `data:image/png;base64,${onePixel}`, bytes: 33 });
    // Only the signature: its size cannot be read, so it is not handed to a decoder.
    expect(imageDataUrl('image/png', 'iVBORw0KGgo=')).toMatchObject({ ok: false, reason: expect.stringContaining('size cannot be read') });
    expect(imageDataUrl('IMAGE/SVG+XML; charset=utf-8', 'PHN2Zz4=')).toMatchObject({ ok: true, url: 'data:image/svg+xml;base64,PHN2Zz4=' });
    expect(imageDataUrl('text/html', 'PGI+')).toMatchObject({ ok: false });
    expect(audioDataUrl('audio/wav', 'UklGRg==')).toMatchObject({ ok: true });
    expect(audioDataUrl('image/png', 'UklGRg==')).toMatchObject({ ok: false });
  });

  it('checks a large payload in two steps: the declared type first, then the decoded header', () => {
    expect(allowedMediaType('image', 'image/PNG')).toEqual({ ok: true, type: 'image/png' });
    expect(allowedMediaType('image', 'text/html')).toMatchObject({ ok: false, reason: expect.stringContaining('text/html') });
    const png = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJ'), (c) => c.charCodeAt(0));
    expect(imageBytesProblem(png, 'image/png')).toBeUndefined();
    expect(imageBytesProblem(png, 'image/jpeg')).toBe('Not shown: it is declared as image/jpeg but its bytes are image/png.');
    expect(imageBytesProblem(new Uint8Array([1, 2, 3]), 'image/png')).toContain('not a PNG');
  });

  it('refuses data that is not base64', () => {
    expect(imageDataUrl('image/png', 'abc"><script>')).toMatchObject({ ok: false, reason: expect.stringContaining('base64') });
    expect(imageDataUrl('image/png', 42)).toMatchObject({ ok: false });
  });

  it('computes decoded sizes', () => {
    expect(base64Size('TWFu')).toBe(3);
    expect(base64Size('TWE=')).toBe(2);
    expect(base64Size('TQ==')).toBe(1);
  });
});
