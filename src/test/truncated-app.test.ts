/** A truncated app (issue 25, class 5): the engine's read cuts the document to its bound, and the app view refuses what was cut. Here, not beside the view: it joins both sides of the worker boundary. */
import { describe, expect, it } from 'vitest';
import { readContents } from '../engine/features/resource-read.ts';
import { appSourceOf } from '../ui/apps/app-source.ts';

const URI = 'ui://huge/app.html';
const MIME = 'text/html;profile=mcp-app';

describe('a truncated app', () => {
  it('is never run, and says how large it was and what the limit is', () => {
    // 12 MB of app, as the red team sent: the read keeps 2,000,000 characters of it.
    const html = `<!doctype html><p>start</p><script>/*${'x'.repeat(12_000_000)}*/</script><p>end</p>`;
    const read = readContents({ contents: [{ uri: URI, mimeType: MIME, text: html }] });
    const source = appSourceOf(URI, read);
    expect(source.status).toBe('error');
    expect(source.status === 'error' && source.error.message).toMatch(/too large to run \(12 MB, limit 2 MB\)/);
  });

  it('runs an app that fits', () => {
    const read = readContents({ contents: [{ uri: URI, mimeType: MIME, text: '<!doctype html><p>small</p>' }] });
    expect(appSourceOf(URI, read)).toMatchObject({ status: 'ready', app: { uri: URI, html: '<!doctype html><p>small</p>' } });
  });
});
