import { describe, expect, it } from 'vitest';
import { decodeDataUrl, fetchIcon, sniffImageType } from './icons.ts';

const noFetch = async (): Promise<Response> => {
  throw new Error('must not fetch');
};

describe('fetchIcon', () => {
  it('decodes data: images without a network request, sniffing the real type', async () => {
    const svg = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    expect(await fetchIcon(svg, noFetch)).toMatchObject({ ok: true, mimeType: 'image/svg+xml' });
    const png = `data:image/png;base64,${btoa(String.fromCharCode(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))}`;
    expect(await fetchIcon(png, noFetch)).toMatchObject({ ok: true, mimeType: 'image/png' });
  });

  it('refuses bytes that are not an image whatever the declared type', async () => {
    const html = `data:image/png;base64,${btoa('<html><script>alert(1)</script>')}`;
    expect(await fetchIcon(html, noFetch)).toMatchObject({ ok: false });
  });

  it('fetches remote icons without credentials or redirects', async () => {
    let seen: RequestInit | undefined;
    const result = await fetchIcon('https://icons.example/a.gif', async (_url, init) => {
      seen = init;
      return new Response(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]));
    });
    expect(result).toMatchObject({ ok: true, mimeType: 'image/gif' });
    expect(seen).toMatchObject({ credentials: 'omit', redirect: 'error' });
  });

  it('says why an icon is not shown', async () => {
    expect(await fetchIcon('http://plain.example/a.png', noFetch)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('loopback'),
    });
    expect(decodeDataUrl('data:image/png;base64,%%%')).toBeUndefined();
    expect(sniffImageType(new Uint8Array([1, 2, 3]))).toBeUndefined();
  });
});
