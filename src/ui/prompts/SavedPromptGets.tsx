import { useState } from 'react';
import type { RecordedPromptGet } from '../../shared/replay-api.ts';
import { formatTime } from '../common/format.ts';
import { useSession } from '../services.tsx';

const NONE: RecordedPromptGet[] = [];

/** The recorded prompts/get results of one prompt (a saved session only); the latest is shown first. */
export function useSavedGets(name: string) {
  const all = useSession((state) => state.replay?.catalog.promptGets ?? NONE);
  const [gets] = useState(() => all.filter((get) => get.name === name));
  const [index, setIndex] = useState(gets.length - 1);
  return { gets, index, get: gets[index] as RecordedPromptGet | undefined, show: setIndex };
}

/** Picks which recorded get is shown, when the prompt was got more than once. */
export function SavedPromptGets({ gets, index, onShow }: { gets: RecordedPromptGet[]; index: number; onShow(index: number): void }) {
  if (gets.length < 2) return null;
  return (
    <div className="saved-runs" role="group" aria-label="Saved gets">
      <span className="muted">Got at:</span>
      {gets.map((get, position) => (
        <button key={position} type="button" className="button button-small" aria-pressed={position === index} onClick={() => onShow(position)}>
          {formatTime(get.time)}
          {get.error ? ' ✕' : ''}
        </button>
      ))}
    </div>
  );
}
