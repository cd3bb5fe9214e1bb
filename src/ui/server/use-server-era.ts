import { useStoreOf } from '../services.tsx';
import { readEraFacts, type EraKind } from './era-facts.ts';

/** The era of the server on screen: the live one, else the one a saved session was recorded from. */
export function useServerEra(): EraKind {
  const live = useStoreOf('connection', (state) => state.summary);
  const saved = useStoreOf('sessionFile', (state) => state.replay?.server ?? null);
  return readEraFacts(live ?? saved).era;
}
