import { useConnection, useSessionFile } from '../services.tsx';
import { readEraFacts, type EraKind } from './era-facts.ts';

/** The era of the server on screen: the live one, else the one a saved session was recorded from. */
export function useServerEra(): EraKind {
  const live = useConnection((state) => state.summary);
  const saved = useSessionFile((state) => state.replay?.server ?? null);
  return readEraFacts(live ?? saved).era;
}
