/**
 * The Collections feature's commands as the app offers them from the start, their code (with the collection
 * reader, writer and recorder) loaded on first use: listed once in src/app/lens-app.ts.
 */
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { EngineError } from '../../shared/errors.ts';
import { deferCommands } from '../features/defer-commands.ts';
import type { collectionCommands } from './collection-commands.ts';

type CollectionCommands = ReturnType<typeof collectionCommands>;

export const lazyCollectionCommands = (deps: Parameters<typeof collectionCommands>, failed: (error: EngineError) => void) =>
  deferCommands<CollectionCommands>(
    {
      openCollectionFile: true,
      saveCollection: true,
      addToolCallToCollection: true,
      addLoggedRequestToCollection: true,
      runOpenCollection: true,
      stopCollectionRun: true,
      acceptStepResult: true,
      showCollectionStepInLog: true,
    },
    onFirstUse(async () => (await import('./collection-commands.ts')).collectionCommands(...deps), 'its collections'),
    failed,
  );
