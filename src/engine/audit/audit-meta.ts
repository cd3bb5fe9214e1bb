/** The audit in the engine: its methods, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { AuditApi } from '../../shared/audit.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { deferHandlers } from '../features/lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { RawHttp } from '../wire/raw-http.ts';

/** The audit's part of the engine's environment (`EngineEnv`). */
interface AuditEnv {
  /**
   * Raw HTTP that may send any header and read every response header (Node's, src/node/http/raw-http.ts):
   * the audit's checks that a browser cannot make run only with it.
   */
  rawHttp?: RawHttp;
}

// The audit compiles schemas with Ajv, which the worker loads only when something needs it.
export const auditFeature = ({ ctx, env }: { ctx: FeatureContext; env: AuditEnv }) =>
  deferHandlers<AuditApi>(
    { runAudit: true },
    onFirstUse(async () => (await import('./feature.ts')).auditHandlers(ctx, env.rawHttp), 'its server audit'),
  );
