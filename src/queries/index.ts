export { createQueryClient } from './client.ts';
export { forgetSession, wireInvalidation } from './invalidation.ts';
export { LIST_CHANGED, mcpKeys } from './keys.ts';
export type { CallToolVariables } from './tools.ts';
export { callToolMutationOptions, toolsQueryOptions } from './tools.ts';
export { iconQueryOptions } from './icons.ts';
export { cancelTaskMutationOptions, taskResultMutationOptions, tasksKey, tasksQueryOptions } from './tasks.ts';
export {
  readResourceQueryOptions,
  resourceKeys,
  resourcesQueryOptions,
  resourceTemplatesQueryOptions,
  wireResourceUpdates,
} from './resources.ts';
export type { GetPromptVariables } from './prompts.ts';
export { completionQueryOptions, getPromptMutationOptions, promptsQueryOptions } from './prompts.ts';
export type { PagedListMethod } from './load-more.ts';
export { appendBatch, loadMore } from './load-more.ts';
