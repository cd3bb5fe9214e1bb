/**
 * Saving the session to a file and opening one, read-only. Both work on 100,000-message logs without a long
 * task: saving writes the file in parts and yields between them; opening parses in a worker and fills the
 * log in slices.
 */
import { readSessionFile, writeSessionFile } from '../../bridge/index.ts';
import { indexCarried } from '../../state/index.ts';
import type { EngineEvent, HttpExchange } from '../../shared/events.ts';
import { EMPTY_CATALOG, type ListSnapshots, type ReplayCatalog } from '../../shared/replay-api.ts';
import { recordedCalls } from '../../shared/replay-recording.ts';
import { SESSION_FILE_EXTENSION, type SessionData, type SessionFile } from '../../shared/session-file.ts';
import { downloadText, fileStamp } from '../common/download.ts';
import type { AppServices } from '../services.tsx';
import { catalogListSnapshots } from './list-snapshots.ts';

const APP_VERSION = '0.1.0';
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** What is on screen now, live or replayed, as session data. `liveLists`: the lists the live tabs hold. */
export function collectSession(services: AppServices, liveLists: ListSnapshots = {}): SessionData {
  const { input, summary } = services.connection.getState();
  const replay = services.session.getState().replay;
  const log = services.log.getState();
  const http = services.http.getState();
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
    results: replay?.results ?? services.session.getState().results,
    lists: replay ? catalogListSnapshots(replay.catalog) : liveLists,
  };
}

export async function saveSession(services: AppServices, liveLists: ListSnapshots = {}): Promise<void> {
  const blob = await writeSessionFile(collectSession(services, liveLists), { savedAt: new Date(), appVersion: APP_VERSION });
  downloadText(`mcp-lens-${fileStamp()}${SESSION_FILE_EXTENSION}`, [blob]);
}

export async function openSession(services: AppServices, file: File): Promise<boolean> {
  const { session } = services;
  session.getState().actions.opening(0, 0);
  const parsed = await readSessionFile(file, (loaded, total) => session.getState().actions.opening(loaded, total));
  if (!parsed.ok) {
    session.getState().actions.openFailed(`${file.name}: ${parsed.error}`);
    return false;
  }
  // A saved session replaces the live one: end it so nothing live mixes into what is being browsed.
  if (services.connection.getState().phase !== 'disconnected') await services.client.call('disconnect', undefined).catch(() => undefined);
  const rebuilt = await rebuildCatalog(services, parsed.file);
  await showFile(services, file.name, parsed.file, rebuilt);
  return true;
}

/** The Tools, Resources and Prompts tabs of the file, read by the engine exactly as live answers are. */
async function rebuildCatalog(services: AppServices, file: SessionFile): Promise<{ catalog: ReplayCatalog; error?: string }> {
  try {
    const calls = recordedCalls(file.log.items);
    return { catalog: await services.client.call('readRecording', { calls, lists: file.lists ?? {} }) };
  } catch (error) {
    const reason = typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);
    return {
      catalog: EMPTY_CATALOG,
      error: `The Tools, Resources and Prompts tabs could not be rebuilt (${reason}). The log and HTTP view are complete; reload the page to try again.`,
    };
  }
}

let replayCount = 0;

/** Log entries handed to the store per task while a file opens: a few milliseconds of work each. */
const LOAD_SLICE = 5000;

async function showFile(
  services: AppServices,
  fileName: string,
  file: SessionFile,
  rebuilt: { catalog: ReplayCatalog; error?: string },
): Promise<void> {
  const { items, evicted } = file.log;
  const { actions } = services.log.getState();
  actions.load(items.slice(0, LOAD_SLICE), evicted);
  for (let start = LOAD_SLICE; start < items.length; start += LOAD_SLICE) {
    await nextTask();
    actions.loadMore(items.slice(start, start + LOAD_SLICE));
  }
  services.http.getState().actions.load(file.http.exchanges, file.http.evicted);
  const messages: EngineEvent[] = file.log.items.flatMap((item): EngineEvent[] =>
    item.type === 'message' ? [{ type: 'message', entry: item.entry }] : [],
  );
  indexCarried(services.http, messages);
  replayCount += 1;
  services.session.getState().actions.openReplay({
    key: -replayCount,
    catalog: rebuilt.catalog,
    ...(rebuilt.error !== undefined && { catalogError: rebuilt.error }),
    fileName,
    savedAt: file.savedAt,
    appVersion: file.app.version,
    connection: file.connection,
    server: file.server,
    results: file.results,
  });
}

/** Leaves the saved session: its log and HTTP view go, and the app is live (disconnected) again. */
export function closeSession(services: AppServices): void {
  services.log.getState().actions.clear();
  services.http.getState().actions.clear();
  services.session.getState().actions.closeReplay();
}
