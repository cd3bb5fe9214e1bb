/** Reading a session file's recording: its method, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { ReplayApi } from '../../shared/replay-api.ts';
import { deferHandlers } from './lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

// An opened session file, not a connection, needs this.
export const replayFeature = () =>
  deferHandlers<ReplayApi>(
    { readRecording: true },
    onFirstUse(async () => (await import('./replay.ts')).replayHandlers(), 'its reader for session files'),
  );
