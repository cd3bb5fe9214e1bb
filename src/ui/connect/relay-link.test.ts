import { describe, expect, it } from 'vitest';

import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import { takeRelayToken } from './relay-link.ts';

const TOKEN = 'A'.repeat(40) + '_-9';
const RELAY = encodeURIComponent('http://127.0.0.1:8931/mcp');

function fakeHistory() {
  const replaced: string[] = [];
  return {
    replaced,
    history: { state: null, replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => replaced.push(String(url)) },
  };
}

describe('takeRelayToken', () => {
  it('moves the token into a header and strips the fragment from the address', () => {
    const { replaced, history } = fakeHistory();
    const headers = takeRelayToken({ hash: `#relay-token=${TOKEN}`, pathname: '/inspector/', search: `?url=${RELAY}` }, history);
    expect(headers).toEqual([{ name: RELAY_TOKEN_HEADER, value: TOKEN }]);
    expect(replaced).toEqual([`/inspector/?url=${RELAY}`]);
  });

  it('strips a malformed token too, and keeps none of it', () => {
    const { replaced, history } = fakeHistory();
    expect(takeRelayToken({ hash: '#relay-token=<script>', pathname: '/', search: '' }, history)).toEqual([]);
    expect(replaced).toEqual(['/']);
  });

  it('leaves an address without a relay token alone', () => {
    const { replaced, history } = fakeHistory();
    expect(takeRelayToken({ hash: '#section', pathname: '/', search: '' }, history)).toEqual([]);
    expect(replaced).toEqual([]);
  });
});
