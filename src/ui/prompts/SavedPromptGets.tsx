import { useState } from 'react';
import type { RecordedPromptGet } from '../../shared/replay-api.ts';
import { useStoreOf } from '../services.tsx';

const NONE: RecordedPromptGet[] = [];

/** The recorded prompts/get results of one prompt (a saved session only); the latest is shown first. */
export function useSavedGets(name: string) {
  const all = useStoreOf('sessionFile', (state) => state.replay?.catalog.promptGets ?? NONE);
  const [gets] = useState(() => all.filter((get) => get.name === name));
  const [index, setIndex] = useState(gets.length - 1);
  return { gets, index, get: gets[index] as RecordedPromptGet | undefined, show: setIndex };
}
