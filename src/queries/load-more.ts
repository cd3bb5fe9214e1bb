/**
 * "Load more" for a list that stopped at a bound (`more`): one more bounded batch from the engine, appended
 * to the list the query holds. The list keeps at most MAX_LIST_ITEMS_KEPT items in all.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { EngineClient } from '../bridge/index.ts';
import { MAX_LIST_ITEMS_KEPT, type ListMore } from '../shared/model.ts';
import { formatCount } from '../shared/read.ts';

const ITEMS_FIELD = { listTools: 'tools', listResources: 'resources', listResourceTemplates: 'templates', listPrompts: 'prompts' } as const;
export type PagedListMethod = keyof typeof ITEMS_FIELD;

type PagedList = { pages: number; skipped?: number; more?: ListMore } & Record<string, unknown>;

/** `sofar` with `next`'s items after its own, within MAX_LIST_ITEMS_KEPT. */
export function appendBatch<T extends PagedList>(sofar: T, next: PagedList, field: string, keep = MAX_LIST_ITEMS_KEPT): T {
  const items = [...(sofar[field] as unknown[]), ...(next[field] as unknown[])];
  const full = items.length >= keep;
  const more: ListMore | undefined =
    full && next.more
      ? { cursor: next.more.cursor, reason: `stopped at ${formatCount(keep)} entries, the most MCP Lens keeps`, final: true }
      : next.more;
  const { more: _continued, ...rest } = sofar;
  return {
    ...rest,
    [field]: items.slice(0, keep),
    pages: sofar.pages + next.pages,
    ...(sofar.skipped !== undefined && { skipped: sofar.skipped + (next.skipped ?? 0) }),
    ...(more && { more }),
  } as T;
}

export async function loadMore(queryClient: QueryClient, client: EngineClient, method: PagedListMethod, queryKey: QueryKey): Promise<void> {
  const cursor = queryClient.getQueryData<PagedList>(queryKey)?.more?.cursor;
  if (cursor === undefined) return;
  const next = (await client.call(method, { after: cursor })) as unknown as PagedList;
  // Only onto the list it continues: a refresh or list_changed in between replaced it.
  queryClient.setQueryData<PagedList>(queryKey, (current) =>
    current?.more?.cursor === cursor && !current.more.final ? appendBatch(current, next, ITEMS_FIELD[method]) : current,
  );
}
