/** The icon rules that need the server's origin and a real download: same origin only, and a cap while streaming. */
import { describe, expect, it } from 'vitest';
import { fetchIcon } from './icons.ts';

// A PNG signature and an IHDR declaring 16×16.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 16, 0, 0, 0, 16]);

describe('fetchIcon origin and size rules', () => {
  it('never requests an icon on another origin than the server', async () => {
    const requested: string[] = [];
    const spy = async (url: string | URL) => {
      requested.push(String(url));
      return new Response(PNG);
    };
    expect(await fetchIcon('https://tracker.example/pixel.png', spy, 'https://mcp.example/mcp')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/another origin/),
    });
    expect(requested).toEqual([]);
    expect(await fetchIcon('https://mcp.example/icon.png', spy, 'https://mcp.example/mcp')).toMatchObject({
      ok: true,
      mimeType: 'image/png',
    });
    expect(requested).toEqual(['https://mcp.example/icon.png']);
  });

  it('stops downloading an icon past the size cap even without a Content-Length', async () => {
    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(pulled === 1 ? PNG : new Uint8Array(64 * 1024));
      },
    });
    const result = await fetchIcon('https://mcp.example/huge.png', async () => new Response(endless), 'https://mcp.example/mcp');
    expect(result).toMatchObject({ ok: false, reason: expect.stringMatching(/larger than 512 KB/) });
    expect(pulled).toBeLessThan(20);
  });
});
