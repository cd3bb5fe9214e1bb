/** The audit's kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { AuditJobs, AuditOptions, AuditRefusal, AuditReport } from '../../shared/audit.ts';
import { asEngineError } from '../../shared/errors.ts';
import { SERVER, type JobKindsOf } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';

export function auditJobKinds(
  client: EngineClient,
  stores: Pick<Stores, 'audit'>,
  effects: Pick<AppEffects, 'now'>,
): JobKindsOf<keyof AuditJobs> {
  const runAudit = auditRunner(client, stores, effects);
  return {
    // Many requests, each marked with its check's id by the engine: the audit's rows find them, not the job.
    audit: {
      send: ({ options, refused }, id, signal) => runAudit(id, options, refused, signal),
      target: () => SERVER,
      scope: () => 'audit',
    },
  };
}

/**
 * Runs one audit for the jobs registry (its `audit` kind): the run id is the job's, the signal the job's.
 * The `audit` store hears that it started and how it ended.
 */
function auditRunner(client: EngineClient, stores: Pick<Stores, 'audit'>, effects: Pick<AppEffects, 'now'>) {
  const audit = () => stores.audit.getState();
  return (runId: string, options: AuditOptions, refused: AuditRefusal | undefined, signal: AbortSignal): Promise<AuditReport> => {
    audit().actions.closeReport();
    audit().actions.started(runId, effects.now());
    const run = client.call('runAudit', { runId, options, ...(refused && { refused }) }, signal);
    run.then(
      (report) => audit().actions.settled(runId, { report }),
      (error: unknown) => audit().actions.settled(runId, { error: asEngineError(error) }),
    );
    return run;
  };
}
