/**
 * The contract's kind of job in the jobs registry, listed in src/shared/features.ts; apart from the listing
 * itself (surface-listing.ts), which needs the boundary that features.ts composes.
 */
import type { ContractSnapshot } from './contract-snapshot.ts';

/** A snapshot as the app's job hands it over: the snapshot, and the lines `warn` got while listing. */
export interface ContractListing {
  snapshot: ContractSnapshot;
  warnings: string[];
}

export interface ContractJobs {
  /** The server's whole surface, every page of every list, for its contract snapshot (src/app/contracts/). */
  'contract-surface': { params: Record<string, never>; result: ContractListing };
}
