/**
 * A paginated list as the audit reads it: every page kept with its exchange, cursors followed until the
 * server stops giving one, a cursor comes back (a loop), or AUDIT_MAX_PAGES is reached. Unlike the engine's
 * own paging (features/paginate.ts), nothing is skipped or repaired: the judges see what each page held.
 */
import { isRecord } from '../../shared/read.ts';
import type { Exchange } from './exchange.ts';

export type ListKind = 'tools' | 'resources' | 'resourceTemplates' | 'prompts';

export const LISTS: Record<ListKind, { method: string; field: string; capability: 'tools' | 'resources' | 'prompts'; noun: string }> = {
  tools: { method: 'tools/list', field: 'tools', capability: 'tools', noun: 'tool' },
  resources: { method: 'resources/list', field: 'resources', capability: 'resources', noun: 'resource' },
  resourceTemplates: { method: 'resources/templates/list', field: 'resourceTemplates', capability: 'resources', noun: 'resource template' },
  prompts: { method: 'prompts/list', field: 'prompts', capability: 'prompts', noun: 'prompt' },
};

/**
 * Far beyond any list a person pages through by hand, and still quick on a slow server: a list that has not
 * ended by then is judged as one that does not end.
 */
const AUDIT_MAX_PAGES = 50;

export interface Listing {
  kind: ListKind;
  pages: Exchange[];
  /** The entries of every page that had an array, in order, as sent. */
  items: unknown[];
  /**
   * `end`: a page without `nextCursor`; `error`: a page did not answer with a result; `loop`: a cursor came
   * back; `bound`: AUDIT_MAX_PAGES pages and still a cursor.
   */
  stop: 'end' | 'error' | 'loop' | 'bound';
  /** For `loop`: the cursor seen twice. */
  repeatedCursor?: string;
}

export async function followList(
  kind: ListKind,
  send: (method: string, params?: Record<string, unknown>) => Promise<Exchange>,
  maxPages = AUDIT_MAX_PAGES,
): Promise<Listing> {
  const { method, field } = LISTS[kind];
  const pages: Exchange[] = [];
  const items: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await send(method, cursor === undefined ? {} : { cursor });
    pages.push(page);
    if (page.answer.kind !== 'result' || !isRecord(page.answer.result)) return { kind, pages, items, stop: 'error' };
    const entries = page.answer.result[field];
    if (Array.isArray(entries)) items.push(...(entries as unknown[]));
    const next = page.answer.result.nextCursor;
    if (typeof next !== 'string') return { kind, pages, items, stop: 'end' };
    if (seen.has(next)) return { kind, pages, items, stop: 'loop', repeatedCursor: next };
    if (pages.length >= maxPages) return { kind, pages, items, stop: 'bound' };
    seen.add(next);
    cursor = next;
  }
}
