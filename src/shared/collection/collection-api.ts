/**
 * The engine's one method for a collection run in the app: a step's request, sent on the session and marked
 * in the Message log as the step's (`origin: { feature: 'collections', id: step, job }`), so "Show in Message
 * log" finds its line. A tools/call goes the Tools tab's way (its verdict comes back with it); any other
 * request goes the way "Send again" sends one. `mcp-lens test` sends the same two ways (test-command.ts).
 */
import type { ToolCallOutcome } from '../model.ts';
import type { Collection } from './format.ts';
import type { CollectionRun } from './run.ts';

/** What a step's request got: a tool call's outcome, or any other request's result (bounded). */
type CollectionStepSent = { kind: 'tool'; outcome: ToolCallOutcome } | { kind: 'result'; result: unknown };

export interface CollectionApi {
  /** `step` names the step in the run (its index); the call's job is the run's. A JSON-RPC error is thrown with its `rpcCode`. */
  sendCollectionStep: {
    params: { method: string; params?: Record<string, unknown>; step: string };
    result: CollectionStepSent;
  };
}

/**
 * The mark on a step's request, in the log (`MessageOrigin`, tagged `feature: 'collections'`): `id` is the step
 * (its index), `job` the run's job.
 */
export interface CollectionOrigin {
  id: string;
  job?: string;
}

/** The collections' kind of job in the jobs registry, listed in src/shared/features.ts. */
export interface CollectionJobs {
  /** A collection run (src/app/collections/): every step's request carries the job's id as its log origin's `job`. */
  collection: { params: { collection: Collection; values?: CollectionRunValues }; result: CollectionRun };
}

/**
 * The values a person gave for the run's variables (src/app/collections/run-variables.ts): `vars` as the
 * runner's `vars`, `env` as its environment. `env` is a lookup, not a record, so an `${env:…}` value (often a
 * token) is never a field of the job's params that a store or a file could copy.
 */
export interface CollectionRunValues {
  vars: Readonly<Record<string, string>>;
  env(name: string): string | undefined;
}
