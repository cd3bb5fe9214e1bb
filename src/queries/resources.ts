import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { ResourceList, ResourceReadResult, ResourceTemplateList } from '../shared/resources-api.ts';
import { listStaleTime } from './refresh.ts';
import { mcpKeys, type CacheMode } from './keys.ts';

/** `resources/list`; `cache: 'refresh'` as in toolsQueryOptions. */
export function resourcesQueryOptions(client: EngineClient, connectionKey: number, cache: CacheMode = 'use') {
  return queryOptions<ResourceList, EngineError>({
    queryKey: mcpKeys.resources(connectionKey),
    queryFn: ({ signal }) => client.call('listResources', { cache }, signal),
    staleTime: listStaleTime,
  });
}

export function resourceTemplatesQueryOptions(client: EngineClient, connectionKey: number, cache: CacheMode = 'use') {
  return queryOptions<ResourceTemplateList, EngineError>({
    queryKey: mcpKeys.templates(connectionKey),
    queryFn: ({ signal }) => client.call('listResourceTemplates', { cache }, signal),
    staleTime: listStaleTime,
  });
}

/** `resources/read` has no effects, so it is a query: cached per URI, re-read when the server says it changed. */
export function readResourceQueryOptions(client: EngineClient, connectionKey: number, uri: string) {
  return queryOptions<ResourceReadResult, EngineError>({
    queryKey: mcpKeys.read(connectionKey, uri),
    queryFn: ({ signal }) => client.call('readResource', { uri }, signal),
    // Blobs can be large: do not keep reads of resources nobody is looking at.
    gcTime: 30_000,
  });
}

/**
 * The URI a template's values expand to (the SDK's UriTemplate, in the engine: nothing goes to the server),
 * shown as the person types. Keyed by the template, not the connection: the same values expand the same.
 */
export function uriTemplateQueryOptions(client: EngineClient, template: string, variables: Record<string, string>) {
  return queryOptions<{ uri: string }, EngineError>({
    queryKey: ['uri-template', template, variables],
    queryFn: ({ signal }) => client.call('expandUriTemplate', { template, variables }, signal),
  });
}

/** Re-reads a resource the server announced as updated (inbound `notifications/resources/updated`). */
export function wireResourceUpdates(queryClient: QueryClient, events: readonly EngineEvent[]): void {
  const uris = new Set<string>();
  for (const event of events) {
    if (event.type !== 'message' || event.entry.direction !== 'in' || event.entry.method !== 'notifications/resources/updated') continue;
    const params = (event.entry.message as { params?: { uri?: unknown } } | undefined)?.params;
    if (typeof params?.uri === 'string') uris.add(params.uri);
  }
  if (uris.size === 0) return;
  void queryClient.invalidateQueries({
    queryKey: mcpKeys.all,
    predicate: (query) => query.queryKey[2] === 'resources/read' && uris.has(String(query.queryKey[3])),
  });
}
