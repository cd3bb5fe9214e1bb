/**
 * A server's whole surface through the engine, as the CLI connects: every page of tools, prompts, resources
 * and templates the server declares, each request under `--timeout`, then the session closed. "Load more"
 * is followed past the engine's per-load bound; a listing the engine had to cut is refused, since a snapshot
 * missing items would report removals that did not happen.
 */
import { createEngine, type Engine } from '../../../engine/engine.ts';
import type { EngineApi } from '../../../shared/boundary.ts';
import type { ContractSurface } from '../../../shared/contract/contract-snapshot.ts';
import { MAX_LIST_ITEMS_KEPT, type EraChoice, type HeaderPair, type ListMore } from '../../../shared/model.ts';
import { CUT_MARK } from '../../../shared/bounds.ts';
import { describeError, formatCount } from '../../../shared/read.ts';
import { RELAY_TOKEN_HEADER } from '../../../shared/relay.ts';
import type { HeadlessIo } from '../../command/headless-io.ts';
import { withoutAppPointers } from '../app-pointers.ts';
import { authSettings } from '../conformance-context.ts';
import { disconnectWithin } from '../disconnect.ts';
import { formatDuration } from '../duration.ts';
import { headlessAuthHost, headlessRequestAnswers } from '../headless-host.ts';
import { startLimit, untilAborted } from '../limit.ts';

export interface SurfaceOptions {
  url: string;
  headers: HeaderPair[];
  era: EraChoice;
  timeoutMs: number;
}

/** Why the surface could not be listed: `connect` when nothing answered (exit 3), else a listing failed (exit 1). */
export class SurfaceError extends Error {
  constructor(
    readonly step: 'connect' | 'list',
    message: string,
  ) {
    super(message);
  }
}

/** Pages of one list followed at most: a cursor that never ends must not hold a CI step. */
const MAX_SNAPSHOT_PAGES = 1_000;

type ListMethod = 'listTools' | 'listPrompts' | 'listResources' | 'listResourceTemplates';

/** Connects, lists everything and disconnects; throws SurfaceError. `say` gets a line for a person. */
export async function listSurface(options: SurfaceOptions, io: HeadlessIo, say: (line: string) => void): Promise<ContractSurface> {
  const settings = authSettings(io.env);
  const engine = createEngine({
    fetch: io.fetch,
    clock: io.clock,
    emit: () => undefined,
    auth: { host: headlessAuthHost(settings.redirectUrl, io.fetch), settings },
    extensions: [headlessRequestAnswers()],
  });
  const relayToken = io.env.MCP_LENS_RELAY_TOKEN;
  try {
    return await listWith(
      engine,
      { ...options, headers: [...options.headers, ...(relayToken ? [{ name: RELAY_TOKEN_HEADER, value: relayToken }] : [])] },
      io,
      say,
    );
  } finally {
    const closing = await disconnectWithin(engine, io.clock);
    if (closing) say(closing);
  }
}

async function listWith(engine: Engine, options: SurfaceOptions, io: HeadlessIo, say: (line: string) => void): Promise<ContractSurface> {
  async function bounded<M extends 'connect' | ListMethod>(
    method: M,
    params: EngineApi[M]['params'],
    what: string,
  ): Promise<EngineApi[M]['result']> {
    const limit = startLimit(io.clock, options.timeoutMs, io.signal);
    try {
      return await untilAborted(engine.call(method, params, limit.signal), limit.signal, io.clock, 0);
    } catch (error) {
      const message = limit.passed
        ? `no answer to ${what} within ${formatDuration(options.timeoutMs)} (--timeout)`
        : withoutAppPointers(describeError(error));
      throw new SurfaceError(method === 'connect' ? 'connect' : 'list', message);
    } finally {
      limit.dispose();
    }
  }

  const summary = await bounded(
    'connect',
    {
      url: options.url,
      transport: 'auto',
      headers: options.headers,
      ...(options.era !== 'auto' && { era: options.era }),
      requestTimeoutMs: options.timeoutMs,
    },
    'connect',
  );
  say(`connected: ${summary.server.name} ${summary.server.version} (${summary.transport}, protocol ${summary.protocolVersion})`);

  /** Every item of one list: the first load, then "Load more" until the server's last page. */
  async function all<T>(
    method: ListMethod,
    wire: string,
    itemsOf: (result: EngineApi[ListMethod]['result']) => readonly T[],
  ): Promise<T[]> {
    const items: T[] = [];
    let more: ListMore | undefined;
    let after: string | undefined;
    let pages = 0;
    do {
      const result = await bounded(method, after === undefined ? { cache: 'refresh' } : { after }, wire);
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
        throw new SurfaceError(
          'list',
          `${wire} had not ended after ${bound}; a partial snapshot would report removals that did not happen, so none was written.`,
        );
      after = more?.cursor;
    } while (more);
    return items;
  }
  const offers = (feature: string) => summary.capabilities[feature] !== undefined && summary.capabilities[feature] !== null;
  const tools = offers('tools') ? await all('listTools', 'tools/list', (r) => (r as EngineApi['listTools']['result']).tools) : [];
  const prompts = offers('prompts')
    ? await all('listPrompts', 'prompts/list', (r) => (r as EngineApi['listPrompts']['result']).prompts)
    : [];
  const resources = offers('resources')
    ? await all('listResources', 'resources/list', (r) => (r as EngineApi['listResources']['result']).resources)
    : [];
  const templates = offers('resources')
    ? await all('listResourceTemplates', 'resources/templates/list', (r) => (r as EngineApi['listResourceTemplates']['result']).templates)
    : [];
  // The engine bounds every schema it reads (src/shared/bounds.ts); a cut one is not what the server sent.
  for (const tool of tools) {
    const cut = (['inputSchema', 'outputSchema'] as const).filter(
      (key) => tool[key] !== undefined && CUT_MARK.test(JSON.stringify(tool[key])),
    );
    if (cut.length > 0)
      say(
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
