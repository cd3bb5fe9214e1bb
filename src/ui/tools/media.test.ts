import { describe, expect, it } from 'vitest';
import { audioDataUrl, base64Size, imageDataUrl } from './media.ts';

describe('media data URLs', () => {
  it('builds data URLs for allowlisted types only', () => {
    expect(imageDataUrl('image/png', 'iVBORw0KGgo=')).toEqual({ ok: true, url: 'data:image/png;base64,iVBORw0KGgo=', bytes: 8 });
    expect(imageDataUrl('IMAGE/SVG+XML; charset=utf-8', 'PHN2Zz4=')).toMatchObject({ ok: true, url: 'data:image/svg+xml;base64,PHN2Zz4=' });
    expect(imageDataUrl('text/html', 'PGI+')).toMatchObject({ ok: false });
    expect(audioDataUrl('audio/wav', 'UklGRg==')).toMatchObject({ ok: true });
    expect(audioDataUrl('image/png', 'UklGRg==')).toMatchObject({ ok: false });
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
