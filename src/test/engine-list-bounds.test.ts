/**
 * Lists past their bounds: a cursor that never ends stops after MAX_LIST_PAGES pages with a `more` to go on
 * from, and "Load more" (`after`) continues with one more bounded batch; a huge single page is kept whole up
 * to MAX_LIST_ITEMS.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LIST_PAGES } from '../shared/model.ts';
import { createHarness } from './support/engine-harness.ts';
import { createHostileServer } from './servers/hostile/server.ts';
import { serveOnLoopback } from './servers/loopback-server.ts';

const origin = serveOnLoopback(createHostileServer());
const connected = async (scenario: string) => {
  const h = createHarness();
  await h.engine.call('connect', { url: `${origin()}/s/${scenario}/mcp`, headers: [], transport: 'streamable-http', era: 'legacy' });
  return h;
};

describe('list bounds', () => {
  it('stops an endless cursor after a bounded number of pages, says so, and loads more on request', async () => {
    const h = await connected('endless-cursor');
    const first = await h.engine.call('listTools', undefined);
    expect(first.pages).toBe(MAX_LIST_PAGES);
    expect(first.tools).toHaveLength(MAX_LIST_PAGES * 2);
    expect(first.more).toEqual({ cursor: `c${MAX_LIST_PAGES}`, reason: `stopped after ${MAX_LIST_PAGES} pages` });
    expect(h.notes()).toContain(`tools/list: stopped after ${MAX_LIST_PAGES} pages; the server has more. Use Load more to continue.`);

    const next = await h.engine.call('listTools', { after: first.more!.cursor });
    expect(next.tools[0]?.name).toBe(`page-${MAX_LIST_PAGES}-a`);
    expect(next.more?.cursor).toBe(`c${MAX_LIST_PAGES * 2}`);
    // A tool from the second batch can be called: the engine knows it.
    await expect(h.engine.call('callTool', { name: `page-${MAX_LIST_PAGES}-a`, arguments: {} })).resolves.toMatchObject({ isError: false });
    await h.engine.call('disconnect', undefined);
  });

  it('keeps 10,000 tools from one page whole', async () => {
    const h = await connected('huge-tools');
    const list = await h.engine.call('listTools', undefined);
    expect(list.tools).toHaveLength(10_000);
    expect(list.more).toBeUndefined();
    await h.engine.call('disconnect', undefined);
  });
});
