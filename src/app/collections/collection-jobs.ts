/** The collections' kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { CollectionJobs } from '../../shared/collection/collection-api.ts';
import type { JobKindsOf } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import { collectionRunner } from './collection-commands.ts';

export function collectionJobKinds(
  client: EngineClient,
  stores: Pick<Stores, 'collections'>,
  effects: Pick<AppEffects, 'now'>,
): JobKindsOf<keyof CollectionJobs> {
  const runCollection = collectionRunner(client, stores, effects);
  return {
    // Many requests, each marked with the step and this job's id (origin 'collections'): a step's row finds its line.
    collection: {
      send: ({ collection, values }, id, signal) => runCollection(collection, id, signal, values),
      target: ({ collection }) => collection.name,
      scope: () => 'collection',
    },
  };
}
