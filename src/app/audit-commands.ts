/**
 * Starting and stopping "Audit this server" on one connection. The run is the engine's (src/engine/audit/);
 * this keeps its AbortController, so leaving the Audit tab cancels nothing, and puts where it stands in the
 * `audit` store, fed by the router with the engine's `audit` events.
 */
import type { EngineClient } from '../bridge/index.ts';
import type { AuditOptions } from '../shared/audit.ts';
import { asEngineError } from '../shared/errors.ts';
import type { AppEffects } from './effects.ts';
import type { Stores } from './stores.ts';

export function auditCommands(client: EngineClient, stores: Pick<Stores, 'audit'>, effects: Pick<AppEffects, 'now'>) {
  let running: { runId: string; controller: AbortController } | undefined;
  let counter = 0;
  const audit = () => stores.audit.getState();

  return {
    /**
     * Starts an audit of the connected server and returns its run id; a run already going is returned as
     * is (one at a time per connection). Progress and the report appear in the `audit` store.
     */
    startAudit(options: AuditOptions = {}): string {
      if (running) return running.runId;
      const runId = `audit-${effects.now().toString(36)}-${++counter}`;
      const controller = new AbortController();
      running = { runId, controller };
      audit().actions.started(runId, effects.now());
      client
        .call('runAudit', { runId, options }, controller.signal)
        .then(
          (report) => audit().actions.settled(runId, { report }),
          (error: unknown) => audit().actions.settled(runId, { error: asEngineError(error) }),
        )
        .finally(() => {
          if (running?.runId === runId) running = undefined;
        });
      return runId;
    },
    /** Stops the running audit: the checks that finished stay, and the run says it was cancelled. */
    cancelAudit(): void {
      running?.controller.abort();
    },
  };
}
