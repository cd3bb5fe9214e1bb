/** The contract's kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { ContractJobs } from '../../shared/contract/contract-jobs.ts';
import { SERVER, type JobKindsOf } from '../calls.ts';
import type { Stores } from '../stores.ts';
import { contractSurfaceLister } from './contract-commands.ts';

export function contractJobKinds(client: EngineClient, stores: Pick<Stores, 'connection'>): JobKindsOf<keyof ContractJobs> {
  const listContractSurface = contractSurfaceLister(client, stores);
  return {
    // Every page of every list, for the contract snapshot; one listing at a time per connection.
    'contract-surface': {
      send: (_params, id, signal) => listContractSurface(signal, id),
      target: () => SERVER,
      scope: () => 'contract',
    },
  };
}
