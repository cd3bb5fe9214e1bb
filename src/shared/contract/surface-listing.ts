/**
 * A server's whole surface for its contract snapshot, through whatever sends the engine's list requests (the
 * CLI's run, each request under `--timeout`; the app's job, under its signal): every page of tools, prompts,
 * resources and templates the server declares. "Load more" is followed past the engine's per-load bound; a
 * listing the engine had to cut is refused, since a snapshot missing items would report removals that did
 * not happen. One loop, so `mcp-lens snapshot` and the app's "Save contract snapshot" write the same file.
 */
import type { EngineApi } from '../boundary.ts';
import { CUT_MARK } from '../bounds.ts';
import { MAX_LIST_ITEMS_KEPT, type ListMore, type ServerSummary } from '../model.ts';
import { formatCount } from '../read.ts';
import type { ContractSurface } from './contract-snapshot.ts';

type ListMethod = 'listTools' | 'listPrompts' | 'listResources' | 'listResourceTemplates';

/** Sends one list request; `wire` names it for a person ("tools/list"). Throws what the request threw. */
export type SurfaceLister = <M extends ListMethod>(
  method: M,
  params: EngineApi[M]['params'],
  wire: string,
) => Promise<EngineApi[M]['result']>;

/** A listing that did not end within MCP Lens's bounds: nothing was written. */
export class UnendingListError extends Error {}

/** Pages of one list followed at most: a cursor that never ends must not hold a CI step. */
const MAX_SNAPSHOT_PAGES = 1_000;

/**
 * The surface of the server `summary` describes: every item of each list it offers. `warn` gets a line for
 * a person about a schema MCP Lens's bounds cut. Throws UnendingListError, or whatever `list` threw.
 */
export async function listWholeSurface(
  summary: ServerSummary,
  list: SurfaceLister,
  warn: (line: string) => void,
): Promise<ContractSurface> {
  /** Every item of one list: the first load, then "Load more" until the server's last page. */
  async function all<M extends ListMethod, T>(
    method: M,
    wire: string,
    itemsOf: (result: EngineApi[M]['result']) => readonly T[],
  ): Promise<T[]> {
    const items: T[] = [];
    let more: ListMore | undefined;
    let after: string | undefined;
    let pages = 0;
    do {
      const result = await list(method, after === undefined ? { cache: 'refresh' } : { after }, wire);
      items.push(...itemsOf(result));
      pages += result.pages;
      more = result.more;
      const bound =
        more?.final || items.length >= MAX_LIST_ITEMS_KEPT
          ? `${formatCount(items.length)} items`
          : pages >= MAX_SNAPSHOT_PAGES
            ? `${formatCount(pages)} pages`
            : undefined;
      if (more && bound)
        throw new UnendingListError(
          `${wire} had not ended after ${bound}; a partial snapshot would report removals that did not happen, so none was written.`,
        );
      after = more?.cursor;
    } while (more);
    return items;
  }
  const offers = (feature: string) => summary.capabilities[feature] !== undefined && summary.capabilities[feature] !== null;
  const tools = offers('tools') ? await all('listTools', 'tools/list', (r) => r.tools) : [];
  const prompts = offers('prompts') ? await all('listPrompts', 'prompts/list', (r) => r.prompts) : [];
  const resources = offers('resources') ? await all('listResources', 'resources/list', (r) => r.resources) : [];
  const templates = offers('resources') ? await all('listResourceTemplates', 'resources/templates/list', (r) => r.templates) : [];
  // The engine bounds every schema it reads (src/shared/bounds.ts); a cut one is not what the server sent.
  for (const tool of tools) {
    const cut = (['inputSchema', 'outputSchema'] as const).filter(
      (key) => tool[key] !== undefined && CUT_MARK.test(JSON.stringify(tool[key])),
    );
    if (cut.length > 0)
      warn(
        `warning: tool "${tool.name}": its ${cut.join(' and ')} passed MCP Lens's bounds and was cut where marked; changes past the cut are not seen.`,
      );
  }
  return {
    server: { name: summary.server.name, version: summary.server.version },
    era: summary.era,
    protocolVersion: summary.protocolVersion,
    tools,
    prompts,
    resources,
    templates,
  };
}
