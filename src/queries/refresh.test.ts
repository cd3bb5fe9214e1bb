import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import type { ToolList } from '../shared/model.ts';
import { createQueryClient } from './client.ts';
import { refreshQuery } from './refresh.ts';
import { toolsQueryOptions } from './tools.ts';

function countingClient(modes: Array<string | undefined>, freshness?: ToolList['freshness']): EngineClient {
  return {
    call: (async (_method: string, params: { cache?: string } | undefined) => {
      modes.push(params?.cache);
      return { tools: [], pages: 1, ...(freshness && { freshness }) } satisfies ToolList;
    }) as EngineClient['call'],
    subscribe: () => () => {},
    dispose: () => {},
  };
}

describe('refreshQuery', () => {
  it('asks the engine every time, with the refresh cache mode, though the held list never goes stale', async () => {
    const queryClient = createQueryClient();
    const modes: Array<string | undefined> = [];
    const client = countingClient(modes);
    await queryClient.fetchQuery(toolsQueryOptions(client, 1));
    // What Refresh used to do: the held list came back and nothing was sent.
    await queryClient.fetchQuery(toolsQueryOptions(client, 1, 'refresh'));
    expect(modes).toEqual(['use']);
    await refreshQuery(queryClient, toolsQueryOptions(client, 1, 'refresh'));
    await refreshQuery(queryClient, toolsQueryOptions(client, 1, 'refresh'));
    expect(modes).toEqual(['use', 'refresh', 'refresh']);
  });

  it('lets a list with cache hints be asked again on next use (the engine answers from its cache), and holds one without', async () => {
    const queryClient = createQueryClient();
    const hinted: Array<string | undefined> = [];
    const hints = { ttlMs: 60_000, receivedAt: 1, fromCache: false, ageMs: 0 };
    await queryClient.fetchQuery(toolsQueryOptions(countingClient(hinted, hints), 1));
    await queryClient.fetchQuery(toolsQueryOptions(countingClient(hinted, hints), 1));
    expect(hinted).toEqual(['use', 'use']);
    const plain: Array<string | undefined> = [];
    await queryClient.fetchQuery(toolsQueryOptions(countingClient(plain), 2));
    await queryClient.fetchQuery(toolsQueryOptions(countingClient(plain), 2));
    expect(plain).toEqual(['use']);
  });
});
