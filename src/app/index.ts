export type { ReturnOutcome } from './auth-commands.ts';
export type { AppEffects, OpenResult } from './effects.ts';
export type { ImportOutcome } from './saved-server-commands.ts';
export type { Commands, LensApp } from './lens-app.ts';
export type { Stores } from './stores.ts';
export { scopeOf, type Scope } from './scope.ts';
export { positionOn, scriptFor, scriptStatus, whyNoScript } from './demo-script.ts';
export { whyNotResend } from './log-commands.ts';
export { createWorkspace, MAX_CONNECTIONS, type Connection, type Engine, type Workspace, type WorkspaceState } from './workspace.ts';
