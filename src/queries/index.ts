export { createQueryClient } from './client.ts';
export { forgetSession, wireInvalidation } from './invalidation.ts';
export { mcpKeys } from './keys.ts';
export { toolsQueryOptions } from './tools.ts';
export { iconQueryOptions } from './icons.ts';
export { tasksQueryOptions } from './tasks.ts';
export {
  readResourceQueryOptions,
  resourcesQueryOptions,
  resourceTemplatesQueryOptions,
  uriTemplateQueryOptions,
  wireResourceUpdates,
} from './resources.ts';
export { completionQueryOptions, promptsQueryOptions } from './prompts.ts';
export { loadMore } from './load-more.ts';
export { askAgainForCacheableLists, refreshQuery } from './refresh.ts';
