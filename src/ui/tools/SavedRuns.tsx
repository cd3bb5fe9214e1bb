import { useState } from 'react';
import type { SavedResult } from '../../shared/session-file.ts';
import { formatTime } from '../common/format.ts';
import { useSession } from '../services.tsx';

const NONE: SavedResult[] = [];

/** The saved runs of one tool (a saved session only), and which one is shown: the latest at first. */
export function useSavedRuns(tool: string) {
  const results = useSession((state) => state.replay?.results ?? NONE);
  const [runs] = useState(() => results.filter((result) => result.tool === tool));
  const [index, setIndex] = useState(runs.length - 1);
  return { runs, index, run: runs[index] as SavedResult | undefined, show: setIndex };
}

/** Picks which saved run of the tool is shown, when it ran more than once. */
export function SavedRuns({ runs, index, onShow }: { runs: SavedResult[]; index: number; onShow(index: number): void }) {
  if (runs.length < 2) return null;
  return (
    <div className="saved-runs" role="group" aria-label="Saved runs">
      <span className="muted">Saved runs:</span>
      {runs.map((run, position) => (
        <button key={position} type="button" className="button button-small" aria-pressed={position === index} onClick={() => onShow(position)}>
          {formatTime(run.time)}
          {run.outcome?.isError || run.error ? ' ✕' : ''}
        </button>
      ))}
    </div>
  );
}
