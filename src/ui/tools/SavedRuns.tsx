import { useState } from 'react';
import type { SavedResult } from '../../shared/session-file/session-file.ts';
import { useStoreOf } from '../services.tsx';

const NONE: SavedResult[] = [];

/** The saved runs of one tool (a saved session only), and which one is shown: the latest at first. */
export function useSavedRuns(tool: string) {
  const results = useStoreOf('sessionFile', (state) => state.replay?.results ?? NONE);
  const [runs] = useState(() => results.filter((result) => result.tool === tool));
  const [index, setIndex] = useState(runs.length - 1);
  return { runs, index, run: runs[index] as SavedResult | undefined, show: setIndex };
}
