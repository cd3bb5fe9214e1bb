import { describe, expect, it, vi } from 'vitest';
import type { Session } from '../session/session.ts';
import { relayConsoleFeature } from './relay-console-meta.ts';

const loaded = vi.hoisted(() => ({
  fail: false,
  follows: [] as Array<{ token: string; signal: AbortSignal }>,
}));

vi.mock('./relay-console.ts', () => ({
  relayConsole: () => {
    // What a browser throws for a chunk it cannot fetch.
    if (loaded.fail) throw new TypeError('Failed to fetch dynamically imported module: https://lens.example/assets/relay-console-x.js');
    return {
      follow: async (_session: Session, token: string, signal: AbortSignal) => void loaded.follows.push({ token, signal }),
      handlers: { restartRelayServer: async () => undefined },
    };
  },
}));

/** A session as the extension sees it: its relay token, and the cleanups its close runs. */
function session(relayToken?: string) {
  const cleanups: Array<() => Promise<void>> = [];
  const fake = { relayToken, onClose: (cleanup: () => Promise<void>) => void cleanups.push(cleanup) } as unknown as Session;
  return { fake, close: () => Promise.all(cleanups.map((cleanup) => cleanup())) };
}

function feature() {
  const notes: string[] = [];
  const ctx = { fetch, clock: { now: () => 0 }, emit: () => undefined, note: (_level: string, text: string) => void notes.push(text) };
  return { notes, ...relayConsoleFeature({ ctx: ctx as unknown as Parameters<typeof relayConsoleFeature>[0]['ctx'] }) };
}

describe("the relay console's first use", () => {
  it('loads and follows the console of a session through a relay, stopped when the session closes', async () => {
    loaded.fail = false;
    loaded.follows.length = 0;
    const { extension } = feature();
    const through = session('relay-token');
    extension.adopted?.(through.fake);
    // Closed while the code may still be loading: the console it starts is stopped all the same.
    await through.close();
    await vi.waitFor(() => expect(loaded.follows).toHaveLength(1));
    expect(loaded.follows[0]).toMatchObject({ token: 'relay-token' });
    expect(loaded.follows[0]!.signal.aborted).toBe(true);
  });

  it('follows nothing for a session straight to a URL', async () => {
    loaded.fail = false;
    loaded.follows.length = 0;
    const { extension, handlers } = feature();
    extension.adopted?.(session().fake);
    await handlers.restartRelayServer({ url: 'http://127.0.0.1:1/mcp', headers: [] });
    expect(loaded.follows).toHaveLength(0);
  });

  it('says in a note when its code does not load, and Restart fails as ours', async () => {
    loaded.fail = true;
    const { extension, handlers, notes } = feature();
    extension.adopted?.(session('relay-token').fake);
    await vi.waitFor(() => expect(notes).toEqual([expect.stringContaining('could not load the relay console')]));
    await expect(handlers.restartRelayServer({ url: 'http://127.0.0.1:1/mcp', headers: [] })).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('Reload the page'),
    });
  });
});
