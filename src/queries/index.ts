export { createQueryClient } from './client.ts';
export { forgetSession, wireInvalidation } from './invalidation.ts';
export { mcpKeys } from './keys.ts';
export { wireResourceUpdates } from './resources.ts';
// The option factories are reached through one scope's binding (scoped.ts): no caller holds the client for them.
export { scopedQueries, type ScopedQueries } from './scoped.ts';
export { askAgainForCacheableLists, refreshQuery } from './refresh.ts';
