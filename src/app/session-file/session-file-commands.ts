/**
 * Saving the session to a file, and opening one read-only (close-session-file.ts closes it). Both work on 100,000-message logs
 * without a long task: the file is written and read in a worker (the effects), and opening fills the log
 * in slices.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { EngineClient } from '../../bridge/index.ts';
import type { EngineEvent, HttpExchange } from '../../shared/events.ts';
import { EMPTY_CATALOG, type ReplayCatalog } from '../../shared/replay-api.ts';
import { exportFileName } from '../files/file-stamp.ts';
import { snapshotConversation } from '../playground/saved.ts';
import { recordedCalls } from './replay-recording.ts';
import { SESSION_FILE_EXTENSION, type SessionData, type SessionFile } from '../../shared/session-file/session-file.ts';
import { indexCarried } from '../../state/index.ts';
import type { AppEffects } from '../effects.ts';
import { exportRefusal } from '../presentation/export-rule.ts';
import { catalogListSnapshots, liveListSnapshots } from './list-snapshots.ts';
import type { Stores } from '../stores.ts';
import { LENS_VERSION } from '../../shared/version.ts';

/** Log entries handed to the store per task while a file opens: a few milliseconds of work each. */
const LOAD_SLICE = 5000;

type SessionFileEffects = Pick<AppEffects, 'download' | 'readSessionFile' | 'writeSessionFile' | 'yieldToUi' | 'now'>;

export function sessionFileCommands(
  client: EngineClient,
  stores: Stores,
  queryClient: QueryClient,
  effects: SessionFileEffects,
  refuse: (reason: string) => void,
  /** What the workspace calls this connection: the file is named after it. */
  nameOf: () => string,
) {
  let opened = 0;

  /** What is on screen now, live or replayed, as session data. */
  function collect(): SessionData {
    const { input, summary, connectionKey } = stores.connection.getState();
    const replay = stores.sessionFile.getState().replay;
    const log = stores.log.getState();
    const http = stores.http.getState();
    const items = log.ids.toArray().flatMap((id) => log.byId.get(id) ?? []);
    const exchanges = http.seqs.toArray().flatMap((seq): HttpExchange[] => {
      const exchange = http.bySeq.get(seq);
      return exchange ? [exchange] : [];
    });
    return {
      connection: replay?.connection ?? {
        url: input.url,
        transport: input.transport,
        // Names only: values are where tokens live.
        headerNames: input.headers.map((header) => header.name.trim()).filter(Boolean),
      },
      server: replay ? replay.server : summary,
      log: { evicted: log.evicted, items },
      http: { evicted: http.evicted, exchanges },
      results: replay?.results ?? stores.sessionFile.getState().results,
      // The lists the tabs hold: the log may have evicted their responses in a long session.
      lists: replay ? catalogListSnapshots(replay.catalog) : liveListSnapshots(queryClient, connectionKey),
      playground: { conversations: replay ? replay.conversations : liveConversations() },
      // Live or opened from a file, the console on screen is the store's.
      console: { dropped: stores.console.getState().dropped, lines: [...stores.console.getState().lines] },
    };
  }

  /** The conversations Restart ended, then the one on screen. */
  function liveConversations() {
    const playground = stores.playground.getState();
    const current = snapshotConversation(playground, effects.now());
    return current ? [...playground.earlier, current] : [...playground.earlier];
  }

  /** Writes the session file; in demo mode it writes nothing and says why (`refuse`). */
  async function saveSessionFile(): Promise<void> {
    const refusal = exportRefusal(stores);
    if (refusal !== null) return refuse(refusal);
    const savedAt = new Date(effects.now());
    const file = await effects.writeSessionFile(collect(), { savedAt, appVersion: LENS_VERSION });
    effects.download(exportFileName('', nameOf(), savedAt, SESSION_FILE_EXTENSION), file);
  }

  /** Opens a saved session read-only in this connection (the workspace gives a file a connection of its own: workspace.openFile). False when the file could not be read. */
  async function openSessionFile(file: File): Promise<boolean> {
    const { actions } = stores.sessionFile.getState();
    actions.opening(0, 0);
    const parsed = await effects.readSessionFile(file, (loaded, total) => actions.opening(loaded, total));
    if (!parsed.ok) {
      actions.openFailed(`${file.name}: ${parsed.error}`);
      return false;
    }
    // End the live session so nothing live mixes into what is being browsed.
    if (stores.connection.getState().phase !== 'disconnected') await client.call('disconnect', undefined).catch(() => undefined);
    const rebuilt = await rebuildCatalog(parsed.file);
    await show(file.name, parsed.file, rebuilt);
    return true;
  }

  /** The Tools, Resources and Prompts tabs of the file, read by the engine exactly as live answers are. */
  async function rebuildCatalog(file: SessionFile): Promise<{ catalog: ReplayCatalog; error?: string }> {
    try {
      const calls = recordedCalls(file.log.items);
      return { catalog: await client.call('readRecording', { calls, lists: file.lists ?? {} }) };
    } catch (error) {
      const reason = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
      return {
        catalog: EMPTY_CATALOG,
        error: `The Tools, Resources and Prompts tabs could not be rebuilt (${reason}). The log and HTTP view are complete; reload the page to try again.`,
      };
    }
  }

  async function show(fileName: string, file: SessionFile, rebuilt: { catalog: ReplayCatalog; error?: string }): Promise<void> {
    const { items, evicted } = file.log;
    const { actions } = stores.log.getState();
    actions.load(items.slice(0, LOAD_SLICE), evicted);
    for (let start = LOAD_SLICE; start < items.length; start += LOAD_SLICE) {
      await effects.yieldToUi();
      actions.loadMore(items.slice(start, start + LOAD_SLICE));
    }
    stores.http.getState().actions.load(file.http.exchanges, file.http.evicted);
    const messages: EngineEvent[] = file.log.items.flatMap((item): EngineEvent[] =>
      item.type === 'message' ? [{ type: 'message', entry: item.entry }] : [],
    );
    indexCarried(stores.http, messages);
    stores.console.getState().actions.load(file.console?.lines ?? [], file.console?.dropped ?? 0);
    opened += 1;
    stores.sessionFile.getState().actions.openReplay({
      // Negative, so a saved session's query keys never equal a live connection's.
      key: -opened,
      catalog: rebuilt.catalog,
      ...(rebuilt.error !== undefined && { catalogError: rebuilt.error }),
      fileName,
      savedAt: file.savedAt,
      appVersion: file.app.version,
      connection: file.connection,
      server: file.server,
      results: file.results,
      conversations: file.playground?.conversations ?? [],
    });
  }

  return { saveSessionFile, openSessionFile };
}
