import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { CompleteParams } from '../shared/completions-api.ts';
import { iconQueryOptions } from './icons.ts';
import type { CacheMode } from './keys.ts';
import { loadMore, type PagedListMethod } from './load-more.ts';
import { completionQueryOptions, promptsQueryOptions } from './prompts.ts';
import { readResourceQueryOptions, resourcesQueryOptions, resourceTemplatesQueryOptions, uriTemplateQueryOptions } from './resources.ts';
import { tasksQueryOptions } from './tasks.ts';
import { toolsQueryOptions } from './tools.ts';

/**
 * The query option factories bound to one scope's engine client (the live engine, or a saved session's
 * recording) and its key: what a view is handed (`useScope().queries`) instead of the client itself. A view
 * reads lists and answers through react-query; anything that acts on the server is a job of the connection
 * (src/app/calls.ts), so no view can send a request of its own.
 */
export function scopedQueries(client: EngineClient, key: number) {
  return {
    tools: (cache?: CacheMode) => toolsQueryOptions(client, key, cache),
    prompts: (cache?: CacheMode) => promptsQueryOptions(client, key, cache),
    resources: (cache?: CacheMode) => resourcesQueryOptions(client, key, cache),
    resourceTemplates: (cache?: CacheMode) => resourceTemplatesQueryOptions(client, key, cache),
    readResource: (uri: string) => readResourceQueryOptions(client, key, uri),
    /** completion/complete for what is typed; asked again as it changes. */
    completion: (params: CompleteParams) => completionQueryOptions(client, key, params),
    tasks: () => tasksQueryOptions(client, key),
    icon: (src: string) => iconQueryOptions(client, src),
    /** A template's values expanded to a URI (in the engine, no request to the server), as typed. */
    expandedUri: (template: string, variables: Record<string, string>) => uriTemplateQueryOptions(client, template, variables),
    /** One more batch of a list that stopped at a bound, appended to the list the query holds. */
    loadMore: (queryClient: QueryClient, method: PagedListMethod, queryKey: QueryKey) => loadMore(queryClient, client, method, queryKey),
  };
}

export type ScopedQueries = ReturnType<typeof scopedQueries>;
