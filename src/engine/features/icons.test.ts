import { describe, expect, it } from 'vitest';
import { decodeDataUrl, fetchIcon } from './icons.ts';

const noFetch = async (): Promise<Response> => {
  throw new Error('must not fetch');
};

describe('fetchIcon', () => {
  it('decodes data: images without a network request, sniffing the real type', async () => {
    const svg = `data:image/svg+xml;utf8,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;
    expect(await fetchIcon(svg, noFetch)).toMatchObject({ ok: true, mimeType: 'image/svg+xml' });
    expect(await fetchIcon(`data:image/png;base64,${pngBase64(16, 16)}`, noFetch)).toMatchObject({ ok: true, mimeType: 'image/png' });
  });

  it('refuses bytes that are not an image whatever the declared type', async () => {
    const html = `data:image/png;base64,${btoa('<html><script>alert(1)</script>')}`;
    expect(await fetchIcon(html, noFetch)).toMatchObject({ ok: false });
  });

  it('fetches remote icons without credentials or redirects', async () => {
    let seen: RequestInit | undefined;
    const result = await fetchIcon('https://icons.example/a.gif', async (_url, init) => {
      seen = init;
      return new Response(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 0x10, 0x00, 0x10, 0x00]));
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
    expect(await fetchIcon(`data:image/png;base64,${btoa('\x01\x02\x03')}`, noFetch)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not a PNG/),
    });
  });

  it('refuses a decompression bomb before anything decodes it, in any container', async () => {
    const bomb = await fetchIcon(`data:image/png;base64,${pngBase64(20_000, 20_000)}`, noFetch);
    expect(bomb).toMatchObject({ ok: false, reason: expect.stringMatching(/20000×20000 pixels/) });
    const served = await fetchIcon('https://icons.example/big.png', async () => new Response(Buffer.from(pngBase64(9000, 10), 'base64')));
    expect(served).toMatchObject({ ok: false, reason: expect.stringMatching(/9000×10 pixels/) });
    // An icon directory whose one entry is a PNG declaring 30000×30000.
    const ico = Buffer.alloc(22 + 33);
    ico.set([0, 0, 1, 0, 1, 0]);
    ico.writeUInt32LE(22, 6 + 12);
    Buffer.from(pngBase64(30_000, 30_000), 'base64').copy(ico, 22);
    expect(await fetchIcon(`data:image/x-icon;base64,${ico.toString('base64')}`, noFetch)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/30000×30000/),
    });
  });
});

function pngBase64(width: number, height: number): string {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b.toString('base64');
}
