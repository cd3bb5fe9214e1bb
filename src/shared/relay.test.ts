import { describe, expect, it } from 'vitest';

import { isSecretHeader } from './redact.ts';
import { readRelayFragment, RELAY_TOKEN_HEADER, relayCommand, relayFragment, usesRelay } from './relay.ts';

const TOKEN = 'Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF';

describe('the relay token', () => {
  it('is a secret header by its name, so every capture masks it', () => {
    expect(isSecretHeader(RELAY_TOKEN_HEADER)).toBe(true);
    expect(isSecretHeader(RELAY_TOKEN_HEADER.toLowerCase())).toBe(true);
  });

  it('round-trips through the link fragment, and nothing else is taken from one', () => {
    expect(readRelayFragment(relayFragment(TOKEN))).toBe(TOKEN);
    expect(readRelayFragment(`#other=1&relay-token=${TOKEN}`)).toBe(TOKEN);
    expect(readRelayFragment('#relay-token=short')).toBeNull();
    expect(readRelayFragment(`#relay-token=${TOKEN}%3Cscript%3E`)).toBeNull();
    expect(readRelayFragment('')).toBeNull();
  });

  it('marks a connection as relayed only when the header has a value', () => {
    expect(usesRelay([{ name: ' lens-relay-token ', value: TOKEN }])).toBe(true);
    expect(usesRelay([{ name: RELAY_TOKEN_HEADER, value: ' ' }])).toBe(false);
    expect(usesRelay([{ name: 'Authorization', value: 'Bearer x' }])).toBe(false);
  });
});

describe('relayCommand', () => {
  it('names the app page and the server', () => {
    expect(relayCommand('https://server.example/mcp', 'http://127.0.0.1:5173/inspector/')).toBe(
      'npm run relay -- --lens http://127.0.0.1:5173/inspector/ https://server.example/mcp',
    );
  });

  it('quotes a URL a shell would otherwise split, expand or run', () => {
    expect(relayCommand("https://s.example/mcp?a=1&b=$(rm -rf ~)'", 'http://localhost:5173/')).toBe(
      `npm run relay -- --lens http://localhost:5173/ 'https://s.example/mcp?a=1&b=$(rm -rf ~)'\\'''`,
    );
  });
});
