/** Ending a 2025 session when the browser may not send DELETE: the log says why, and what it means for the server. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { createHarness } from './support/engine-harness.ts';

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

/** What a browser does when the preflight's Access-Control-Allow-Methods lacks DELETE: an opaque TypeError. */
const corsBlocksDelete: typeof fetch = (input, init) =>
  init?.method === 'DELETE' ? Promise.reject(new TypeError('Failed to fetch')) : fetch(input, init);

describe('a session DELETE the browser refused to send', () => {
  it('explains the CORS refusal and that the server session stays open until its timeout', async () => {
    const h = createHarness({ fetch: corsBlocksDelete });
    const summary = await h.engine.call('connect', { url: demo.url, headers: [], transport: 'auto', era: 'legacy' });
    expect(summary.sessionId).toBeDefined();
    await h.engine.call('disconnect', undefined);
    const note = h.events.find((e) => e.type === 'note' && e.text.includes('DELETE'));
    expect(note).toMatchObject({ level: 'warning' });
    const text = note?.type === 'note' ? note.text : '';
    expect(text).toContain('Access-Control-Allow-Methods must include DELETE');
    expect(text).toContain('until its own timeout');
    expect(h.notes().filter((n) => n.includes('Failed to fetch'))).toEqual([text]);
  });
});
