import { describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import { takeRelayLink } from './relay-link.ts';

const TOKEN = 'A'.repeat(40) + '_-9';
const RELAY = encodeURIComponent('http://127.0.0.1:8931/mcp');

function fakeHistory() {
  const replaced: string[] = [];
  return {
    replaced,
    history: { state: null, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => replaced.push(String(url)) },
  };
}

describe('takeRelayLink', () => {
  it('moves the token into a header and strips the fragment from the address', () => {
    const { replaced, history } = fakeHistory();
    const taken = takeRelayLink({ hash: `#relay-token=${TOKEN}`, pathname: '/inspector/', search: `?url=${RELAY}&connect=1` }, history);
    expect(taken).toEqual({ headers: [{ name: RELAY_TOKEN_HEADER, value: TOKEN }] });
    expect(replaced).toEqual([`/inspector/?url=${RELAY}&connect=1`]);
  });

  it('takes what the link says the relay runs, on one line, and strips it with the token', () => {
    const { replaced, history } = fakeHistory();
    const runs = encodeURIComponent('node server.js\n--flag');
    const taken = takeRelayLink({ hash: `#relay-token=${TOKEN}&relay-runs=${runs}`, pathname: '/', search: `?url=${RELAY}` }, history);
    expect(taken).toEqual({ headers: [{ name: RELAY_TOKEN_HEADER, value: TOKEN }], runs: 'node server.js --flag' });
    expect(replaced).toEqual([`/?url=${RELAY}`]);
  });

  it('takes nothing from a link that pairs a token with a server that is not a relay', () => {
    const { replaced, history } = fakeHistory();
    const server = encodeURIComponent('https://evil.example/mcp');
    expect(takeRelayLink({ hash: `#relay-token=${TOKEN}&relay-runs=x`, pathname: '/', search: `?url=${server}` }, history)).toEqual({
      headers: [],
    });
    expect(replaced).toEqual([`/?url=${server}`]);
  });

  it('strips a malformed token too, and keeps none of it', () => {
    const { replaced, history } = fakeHistory();
    expect(takeRelayLink({ hash: '#relay-token=<script>', pathname: '/', search: '' }, history)).toEqual({ headers: [] });
    expect(replaced).toEqual(['/']);
  });

  it('leaves an address without a relay token alone', () => {
    const { replaced, history } = fakeHistory();
    expect(takeRelayLink({ hash: '#section', pathname: '/', search: '' }, history)).toEqual({ headers: [] });
    expect(replaced).toEqual([]);
  });
});
