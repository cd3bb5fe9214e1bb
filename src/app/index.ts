export type { ReturnOutcome } from './auth-commands.ts';
export type { AppEffects, OpenResult } from './effects.ts';
export type { ImportOutcome } from './workspace-commands.ts';
export { createLensApp, type Commands, type LensApp } from './lens-app.ts';
export { scopeOf, type Scope } from './scope.ts';
export { positionOn, scriptFor, scriptStatus } from './demo-script.ts';
