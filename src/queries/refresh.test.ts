import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import type { ToolList } from '../shared/model.ts';
import { createQueryClient } from './client.ts';
import { askAgainForCacheableLists, refreshQuery } from './refresh.ts';
import { promptsQueryOptions } from './prompts.ts';
import { toolsQueryOptions } from './tools.ts';

function countingClient(modes: Array<string | undefined>, freshness?: ToolList['freshness'], methods: string[] = []): EngineClient {
  return {
    call: (async (method: string, params: { cache?: string } | undefined) => {
      modes.push(params?.cache);
      methods.push(method);
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

describe('askAgainForCacheableLists', () => {
  it("asks again, through the engine's cache, for the shown connection's lists that carry cache hints, and no other", async () => {
    const queryClient = createQueryClient();
    const hints = { ttlMs: 60_000, receivedAt: 1, fromCache: false, ageMs: 0 };
    const hinted: string[] = [];
    const plain: string[] = [];
    const other: string[] = [];
    // Views keep their lists observed (tabs stay mounted): the queries are active.
    const observers = [
      new QueryObserver(queryClient, toolsQueryOptions(countingClient([], hints, hinted), 1)),
      new QueryObserver(queryClient, promptsQueryOptions(countingClient([], undefined, plain), 1)),
      new QueryObserver(queryClient, toolsQueryOptions(countingClient([], hints, other), 2)),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    await Promise.all(observers.map((observer) => observer.refetch()));
    const before = [hinted.length, plain.length, other.length];

    await askAgainForCacheableLists(queryClient, 1);

    expect([hinted.length, plain.length, other.length]).toEqual([before[0]! + 1, before[1], before[2]]);
    stops.forEach((stop) => stop());
  });

  it('asks only for the lists named, when the tab that came back names them', async () => {
    const queryClient = createQueryClient();
    const hints = { ttlMs: 60_000, receivedAt: 1, fromCache: false, ageMs: 0 };
    const tools: string[] = [];
    const prompts: string[] = [];
    const observers = [
      new QueryObserver(queryClient, toolsQueryOptions(countingClient([], hints, tools), 1)),
      new QueryObserver(queryClient, promptsQueryOptions(countingClient([], hints, prompts), 1)),
    ];
    const stops = observers.map((observer) => observer.subscribe(() => {}));
    await Promise.all(observers.map((observer) => observer.refetch()));
    const before = [tools.length, prompts.length];

    await askAgainForCacheableLists(queryClient, 1, ['prompts/list']);

    expect([tools.length, prompts.length]).toEqual([before[0], before[1]! + 1]);
    stops.forEach((stop) => stop());
  });
});
