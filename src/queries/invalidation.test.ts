import { describe, expect, it } from 'vitest';
import type { EngineClient } from '../bridge/index.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { ToolList } from '../shared/model.ts';
import { createQueryClient } from './client.ts';
import { wireInvalidation } from './invalidation.ts';
import { toolsQueryOptions } from './tools.ts';

function fakeClient(calls: string[]): EngineClient {
  return {
    call: (async (method: string) => {
      calls.push(method);
      return { tools: [], pages: 1 } satisfies ToolList;
    }) as EngineClient['call'],
    subscribe: () => () => {},
    dispose: () => {},
  };
}

const inbound = (method: string): EngineEvent => ({
  type: 'message',
  entry: { seq: 1, time: 1, direction: 'in', kind: 'notification', method },
});

describe('wireInvalidation', () => {
  it('invalidates the tools list on tools/list_changed only', async () => {
    const queryClient = createQueryClient();
    const calls: string[] = [];
    const options = toolsQueryOptions(fakeClient(calls), 1);
    await queryClient.fetchQuery(options);
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);

    wireInvalidation(queryClient, [inbound('notifications/prompts/list_changed')]);
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);

    wireInvalidation(queryClient, [inbound('notifications/tools/list_changed')]);
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'survives a notification whose method is %s and invalidates nothing',
    async (method) => {
      const queryClient = createQueryClient();
      const options = toolsQueryOptions(fakeClient([]), 1);
      await queryClient.fetchQuery(options);
      expect(() => wireInvalidation(queryClient, [inbound(method), inbound('notifications/message')])).not.toThrow();
      expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
      // A real list_changed in the same batch after it still counts.
      wireInvalidation(queryClient, [inbound(method), inbound('notifications/tools/list_changed')]);
      expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
    },
  );

  it('ignores an outbound message with the same method', async () => {
    const queryClient = createQueryClient();
    const options = toolsQueryOptions(fakeClient([]), 1);
    await queryClient.fetchQuery(options);
    const event = inbound('notifications/tools/list_changed');
    if (event.type === 'message') event.entry.direction = 'out';
    wireInvalidation(queryClient, [event]);
    expect(queryClient.getQueryState(options.queryKey)?.isInvalidated).toBe(false);
  });

  it('passes the query signal to the engine call', async () => {
    const queryClient = createQueryClient();
    let seen: AbortSignal | undefined;
    const client: EngineClient = {
      call: ((_method: string, _params: unknown, signal?: AbortSignal) => {
        seen = signal;
        return new Promise(() => {});
      }) as EngineClient['call'],
      subscribe: () => () => {},
      dispose: () => {},
    };
    const options = toolsQueryOptions(client, 7);
    expect(options.queryKey).toEqual(['mcp', 7, 'tools/list']);
    void queryClient.prefetchQuery(options);
    await Promise.resolve();
    await queryClient.cancelQueries({ queryKey: options.queryKey });
    expect(seen?.aborted).toBe(true);
  });
});
