import { describe, expect, it } from 'vitest';

import type { HttpExchange } from '../../shared/events.ts';
import { relayVersionWarning } from '../../shared/relay.ts';
import { relayVersionIn } from './use-via-relay.ts';

const exchange = (seq: number, responseHeaders?: Array<[string, string]>) =>
  ({ seq, ...(responseHeaders && { responseHeaders }) }) as HttpExchange;

function exchanges(list: HttpExchange[]) {
  return { seqs: { length: list.length, at: (index: number) => list[index]?.seq }, bySeq: new Map(list.map((item) => [item.seq, item])) };
}

describe("the relay's version", () => {
  it('is the newest answer that named one', () => {
    const state = exchanges([exchange(1, [['lens-relay-version', '0.0.9']]), exchange(2, [['Lens-Relay-Version', '0.1.0']]), exchange(3)]);
    expect(relayVersionIn(state)).toBe('0.1.0');
    expect(relayVersionIn(exchanges([exchange(1), exchange(2, [['content-type', 'application/json']])]))).toBeUndefined();
    expect(relayVersionIn(exchanges([exchange(1, [['lens-relay-version', '<b>bad</b>']])]))).toBeUndefined();
  });

  it('warns only when relay and app differ, and says what to do', () => {
    expect(relayVersionWarning('0.1.0', '0.1.0')).toBeUndefined();
    expect(relayVersionWarning(undefined, '0.1.0')).toBeUndefined();
    expect(relayVersionWarning('0.0.9', '0.1.0')).toBe(
      'The local relay is version 0.0.9 and this app 0.1.0. If something fails through it, stop it and start the relay with the command this app gives for a server it cannot reach directly.',
    );
  });
});
