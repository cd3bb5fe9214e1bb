/**
 * The kinds of job each feature runs in the jobs registry (src/app/calls.ts), one line each; each feature
 * declares its kinds in its own folder (what they take and answer in src/shared/features.ts, which refuses a
 * kind two features both declare). `callCommands` runs them beside the core's and names none of them.
 */
import type { EngineClient } from '../../bridge/index.ts';
import type { FeatureJobs } from '../../shared/features.ts';
import { appsJobKinds } from '../apps/apps-jobs.ts';
import { auditJobKinds } from '../audit/audit-jobs.ts';
import type { JobKindsOf } from '../calls.ts';
import { collectionJobKinds } from '../collections/collection-jobs.ts';
import { contractJobKinds } from '../contracts/contract-jobs.ts';
import type { AppEffects } from '../effects.ts';
import { playgroundJobKinds, type PlaygroundSenders } from '../playground/playground-jobs.ts';
import type { Stores } from '../stores.ts';

export const featureJobKinds = (
  client: EngineClient,
  stores: Stores,
  effects: Pick<AppEffects, 'now'>,
  playground: PlaygroundSenders,
): JobKindsOf<keyof FeatureJobs> => ({
  ...auditJobKinds(client, stores, effects),
  ...playgroundJobKinds(playground),
  ...appsJobKinds(client),
  ...contractJobKinds(client, stores),
  ...collectionJobKinds(client, stores, effects),
});
