/** The contract's kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { ContractJobs } from '../../shared/contract/contract-jobs.ts';
import { SERVER, type JobKindsOf } from '../calls.ts';
import type { Stores } from '../stores.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export function contractJobKinds(client: EngineClient, stores: Pick<Stores, 'connection'>): JobKindsOf<keyof ContractJobs> {
  // The lister comes with the contract's commands (contract-commands.ts), on the first listing.
  const lister = onFirstUse(
    async () => (await import('./contract-commands.ts')).contractSurfaceLister(client, stores),
    'its contract snapshots',
  );
  return {
    // Every page of every list, for the contract snapshot; one listing at a time per connection.
    'contract-surface': {
      send: async (_params, id, signal) => (await lister())(signal, id),
      target: () => SERVER,
      scope: () => 'contract',
    },
  };
}
