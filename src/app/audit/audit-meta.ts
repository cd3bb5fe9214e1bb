/**
 * The audit's commands as the app offers them from the start, their code (with the report file's writer and
 * reader) loaded on first use: listed once in src/app/lens-app.ts.
 */
import type { EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { deferCommands } from '../features/defer-commands.ts';
import type { auditCommands } from './audit-commands.ts';

type AuditCommands = ReturnType<typeof auditCommands>;

export const lazyAuditCommands = (deps: Parameters<typeof auditCommands>, failed: (error: EngineError) => void) =>
  deferCommands<AuditCommands>(
    { startAudit: true, cancelAudit: true, exportAuditReport: true, openAuditReport: true, closeAuditReport: true },
    onFirstUse(async () => (await import('./audit-commands.ts')).auditCommands(...deps), 'its server audit'),
    failed,
  );
