export type { EngineClient } from '../bridge/index.ts';
export type { AuthorizeOutcome, ReturnOutcome } from './auth-commands.ts';
export { MODERN_DEFAULT_LOG_LEVEL } from './connection-commands.ts';
export type { AddressEffect, AppEffects, OpenResult } from './effects.ts';
export type { ConnectSavedOutcome, ImportOutcome } from './workspace-commands.ts';
export { createLensApp, type Commands, type LensApp, type LensAppOptions } from './lens-app.ts';
export { READ_ONLY_REASON } from './replay-client.ts';
export { scopeOf, type ListedFeature, type LiveConnection, type Scope } from './scope.ts';
