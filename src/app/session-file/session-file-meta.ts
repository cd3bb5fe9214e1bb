/**
 * Saving and opening a session file as the app offers them from the start, their code (the file's builder, the
 * recording and list snapshots) loaded on first use; closing one is at hand at once, since Connect closes a
 * saved session (src/app/event-router.ts). Listed once in src/app/lens-app.ts.
 */
import type { EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { deferCommands } from '../features/defer-commands.ts';
import { closeSessionFile } from './close-session-file.ts';
import type { sessionFileCommands } from './session-file-commands.ts';

type SessionFileCommands = ReturnType<typeof sessionFileCommands>;

export const lazySessionFileCommands = (deps: Parameters<typeof sessionFileCommands>, failed: (error: EngineError) => void) => ({
  ...deferCommands<Omit<SessionFileCommands, 'closeSessionFile'>>(
    { saveSessionFile: true, openSessionFile: true },
    onFirstUse(async () => (await import('./session-file-commands.ts')).sessionFileCommands(...deps), 'its session files'),
    failed,
  ),
  closeSessionFile: () => closeSessionFile(deps[1]),
});
