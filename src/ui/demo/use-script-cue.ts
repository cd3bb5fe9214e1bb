import { useEffect, useRef } from 'react';
import { useStoreOf, useStoreReader } from '../services.tsx';

/**
 * The Tools tab's side of a demo script: when the script asks this tool to fill its form or to run, do it,
 * once (the cue is taken, so coming back to the tool later does nothing). Running is pressing Run tool, so
 * the form's checks apply and an edit made on stage is what runs.
 */
export function useScriptCue(tool: string, on: { fill(args: Record<string, unknown>, seq: number): void; run(): void }) {
  const read = useStoreReader();
  const cue = useStoreOf('demoScript', (state) => (state.cue?.tool === tool ? state.cue : null));
  const handlers = useRef(on);
  useEffect(() => {
    handlers.current = on;
  });
  useEffect(() => {
    if (!cue || !read('demoScript').actions.take(cue.seq)) return;
    if (cue.run) handlers.current.run();
    else handlers.current.fill(cue.arguments, cue.seq);
  }, [cue, read]);
}
