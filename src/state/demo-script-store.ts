/**
 * Where a demo script stands (src/app/demo/demo-script.ts steps it), and the one thing it asks the Tools tab to
 * do next: fill a tool's form, or run it. The tab takes a cue once, so coming back to a tool later does not
 * run it again.
 */
import { createStore } from 'zustand/vanilla';

/** Not begun, past the last step, or at a step: its form shown, or its result. */
export type ScriptAt = 'start' | 'end' | { step: number; phase: 'form' | 'result' };

interface ScriptCue {
  seq: number;
  tool: string;
  arguments: Record<string, unknown>;
  /** False: fill the form and wait. True: run it. */
  run: boolean;
}

export interface DemoScriptState {
  /** The server the position belongs to (as saved requests name it); another server starts over. */
  server: string;
  at: ScriptAt;
  cue: ScriptCue | null;
  actions: {
    go(server: string, at: ScriptAt, cue: Omit<ScriptCue, 'seq'> | null): void;
    /** The Tools tab takes the cue; true the first time only. */
    take(seq: number): boolean;
  };
}

export function createDemoScriptStore() {
  let seq = 0;
  return createStore<DemoScriptState>()((set, get) => ({
    server: '',
    at: 'start',
    cue: null,
    actions: {
      go: (server, at, cue) => set({ server, at, cue: cue && { ...cue, seq: ++seq } }),
      take(taken) {
        if (get().cue?.seq !== taken) return false;
        set({ cue: null });
        return true;
      },
    },
  }));
}
