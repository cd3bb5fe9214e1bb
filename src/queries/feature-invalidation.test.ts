import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineEvent } from '../shared/events.ts';
import { createQueryClient } from './client.ts';
import { wireInvalidation } from './invalidation.ts';
import { promptsQueryOptions } from './prompts.ts';
import { readResourceQueryOptions, resourcesQueryOptions, resourceTemplatesQueryOptions, wireResourceUpdates } from './resources.ts';

const client: EngineClient = {
  call: (async (method: string) => {
    if (method === 'listResources') return { resources: [], pages: 1, skipped: 0 };
    if (method === 'listResourceTemplates') return { templates: [], pages: 1, skipped: 0 };
    if (method === 'listPrompts') return { prompts: [], pages: 1, skipped: 0 };
    return { uri: 'x', contents: [], problems: [], durationMs: 1 };
  }) as EngineClient['call'],
  subscribe: () => () => {},
  dispose: () => {},
};

const inbound = (method: string, params?: unknown): EngineEvent => ({
  type: 'message',
  entry: { seq: 1, time: 1, direction: 'in', kind: 'notification', method, message: { jsonrpc: '2.0', method, params } },
});

describe('resource and prompt invalidation', () => {
  it('resources/list_changed marks resources and templates stale; prompts/list_changed the prompts', async () => {
    const queryClient = createQueryClient();
    const lists = [resourcesQueryOptions(client, 1), resourceTemplatesQueryOptions(client, 1), promptsQueryOptions(client, 1)];
    for (const options of lists) await queryClient.fetchQuery(options as never);
    const stale = () => lists.map((o) => queryClient.getQueryState(o.queryKey)?.isInvalidated);
    wireInvalidation(queryClient, [inbound('notifications/resources/list_changed')]);
    expect(stale()).toEqual([true, true, false]);
    wireInvalidation(queryClient, [inbound('notifications/prompts/list_changed')]);
    expect(stale()).toEqual([true, true, true]);
  });

  it('resources/updated re-reads only the resource it names', async () => {
    const queryClient = createQueryClient();
    const a = readResourceQueryOptions(client, 1, 'demo://a');
    const b = readResourceQueryOptions(client, 1, 'demo://b');
    await queryClient.fetchQuery(a);
    await queryClient.fetchQuery(b);
    wireResourceUpdates(queryClient, [inbound('notifications/resources/updated', { uri: 'demo://a' })]);
    expect(queryClient.getQueryState(a.queryKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(b.queryKey)?.isInvalidated).toBe(false);
  });
});
