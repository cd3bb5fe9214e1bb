/** The audit's kind of job in the jobs registry (src/app/calls.ts); listed in src/app/features/feature-jobs.ts. */
import type { EngineClient } from '../../bridge/index.ts';
import type { AuditJobs } from '../../shared/audit.ts';
import { SERVER, type JobKindsOf } from '../calls.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';
import { auditRunner } from './audit-commands.ts';

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
