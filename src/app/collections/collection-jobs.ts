/** The collections' kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { CollectionJobs } from '../../shared/collection/collection-api.ts';
import type { JobKindsOf } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export function collectionJobKinds(
  client: EngineClient,
  stores: Pick<Stores, 'collections'>,
  effects: Pick<AppEffects, 'now'>,
): JobKindsOf<keyof CollectionJobs> {
  // The runner comes with the feature's commands (collection-commands.ts), on the first run.
  const runner = onFirstUse(
    async () => (await import('./collection-commands.ts')).collectionRunner(client, stores, effects),
    'its collections',
  );
  return {
    // Many requests, each marked with the step and this job's id (origin 'collections'): a step's row finds its line.
    collection: {
      send: async ({ collection, values }, id, signal) => (await runner())(collection, id, signal, values),
      target: ({ collection }) => collection.name,
      scope: () => 'collection',
    },
  };
}
