import { usesRelay } from '../../shared/relay.ts';
import { useStoreOf } from '../services.tsx';

/** Whether the live connection goes through the local relay: its headers carry the relay's token. */
export function useViaRelay(): boolean {
  return useStoreOf('connection', (state) => state.phase === 'connected' && usesRelay(state.input.headers));
}
