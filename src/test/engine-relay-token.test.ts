/**
 * The relay token's scope (issue 25, class 7): taken from a link only when the link names a relay, sent
 * only to a relay's origin, dropped when the connection's URL moves elsewhere.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoServer, type RunningDemoServer } from '../node/demo-server/index.ts';
import { RELAY_TOKEN_HEADER } from '../shared/relay.ts';
import { createConnectionStore } from '../state/connection-store.ts';
import { takeRelayLink } from '../ui/connect/relay-link.ts';
import { createHarness } from './support/engine-harness.ts';

const TOKEN = 'T'.repeat(40) + '_-9';
const history = () => ({ state: null, replaceState: () => undefined });

let demo: RunningDemoServer;
beforeAll(async () => {
  demo = await startDemoServer({ port: 0 });
});
afterAll(() => demo.close());

describe("the relay token's scope", () => {
  it('is taken from a link only when the link names a relay (a loopback /mcp)', () => {
    const link = (url: string) => ({ hash: `#relay-token=${TOKEN}`, pathname: '/', search: `?url=${encodeURIComponent(url)}` });
    expect(takeRelayLink(link('https://evil.example/mcp'), history()).headers).toEqual([]);
    expect(takeRelayLink(link('http://127.0.0.1:8931/mcp?x=1'), history()).headers).toEqual([]);
    expect(takeRelayLink({ hash: `#relay-token=${TOKEN}`, pathname: '/', search: '' }, history()).headers).toEqual([]);
    expect(takeRelayLink(link('http://127.0.0.1:8931/mcp'), history()).headers).toEqual([{ name: RELAY_TOKEN_HEADER, value: TOKEN }]);
  });

  it('is dropped when the connection’s URL moves to another origin', () => {
    const store = createConnectionStore({ url: 'http://127.0.0.1:8931/mcp', headers: [{ name: RELAY_TOKEN_HEADER, value: TOKEN }] });
    store.getState().actions.setUrl('http://127.0.0.1:8931/mcp');
    expect(store.getState().input.headers).toHaveLength(1);
    store.getState().actions.setUrl('https://other.example/mcp');
    expect(store.getState().input.headers).toEqual([]);
  });

  it('is never sent to a server that is not a relay, and the log says why', async () => {
    const sent: string[] = [];
    const h = createHarness({
      fetch: (input, init) => {
        sent.push(JSON.stringify([...new Headers(init?.headers).entries()]));
        return fetch(input, init);
      },
    });
    // The demo server on loopback, but with a query: not a relay's address.
    const url = `${demo.url}?tenant=acme`;
    await h.engine.call('connect', {
      url,
      headers: [
        { name: RELAY_TOKEN_HEADER, value: TOKEN },
        { name: 'X-Team', value: 'blue' },
      ],
      transport: 'streamable-http',
      era: 'legacy',
    });
    await h.engine.call('listTools', undefined);
    await h.engine.call('disconnect', undefined);
    expect(sent.length).toBeGreaterThan(1);
    expect(sent.join('\n')).toContain('blue');
    expect(sent.join('\n')).not.toContain(TOKEN);
    expect(h.notes().join('\n')).toContain('Not sending Lens-Relay-Token');
  });
});
