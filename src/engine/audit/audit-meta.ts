/** The audit in the engine: its methods, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { AuditApi } from '../../shared/audit.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { deferHandlers, onFirstUse } from '../features/lazy.ts';
import type { RawHttp } from '../wire/raw-http.ts';

// The audit compiles schemas with Ajv, which the worker loads only when something needs it.
export const auditFeature = ({ ctx, env }: { ctx: FeatureContext; env: { rawHttp?: RawHttp } }) =>
  deferHandlers<AuditApi>(
    { runAudit: true },
    onFirstUse(async () => (await import('./feature.ts')).auditHandlers(ctx, env.rawHttp), 'its server audit'),
  );
