import { readRelayVersion, RELAY_VERSION_HEADER, usesRelay } from '../../shared/relay.ts';
import type { HttpExchange } from '../../shared/events.ts';
import { useStoreOf } from '../services.tsx';

/** Whether the live connection goes through the local relay: its headers carry the relay's token. */
export function useViaRelay(): boolean {
  return useStoreOf('connection', (state) => state.phase === 'connected' && usesRelay(state.input.headers));
}

/** How far back to look for the relay's version: every answer past its token check carries it. */
const LOOK_BACK = 20;
const VERSION_HEADER = RELAY_VERSION_HEADER.toLowerCase();

/** The version the newest relay answer named (`Lens-Relay-Version`), or undefined when none of the recent ones did. */
interface Exchanges {
  seqs: { readonly length: number; at(index: number): number | undefined };
  bySeq: ReadonlyMap<number, HttpExchange>;
}

export function relayVersionIn(state: Exchanges): string | undefined {
  for (let index = state.seqs.length - 1; index >= Math.max(0, state.seqs.length - LOOK_BACK); index--) {
    const seq = state.seqs.at(index);
    const header =
      seq === undefined ? undefined : state.bySeq.get(seq)?.responseHeaders?.find(([name]) => name.toLowerCase() === VERSION_HEADER);
    if (header) return readRelayVersion(header[1]);
  }
  return undefined;
}

/** The relay's version, while connected through one. */
export function useRelayVersion(): string | undefined {
  const viaRelay = useViaRelay();
  const version = useStoreOf('http', relayVersionIn);
  return viaRelay ? version : undefined;
}
