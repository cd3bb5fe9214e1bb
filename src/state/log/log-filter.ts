/**
 * Free-text filtering of the log. The search text of an entry (its JSON and what the row shows) is computed
 * once per (immutable) entry: first cached per entry, then, once 512 consecutive entries have arrived, kept
 * in a corpus chunk, so typing in the filter box costs a few hundred substring scans, not a stringify per row.
 */
import type { ChunkedList } from './log-chunks.ts';
import type { LogItem } from './log-item.ts';
import { labelOf, labelText } from './log-label.ts';
import { originOf } from '../../shared/message-origin.ts';

const searchText = new WeakMap<object, string>();

const cacheKey = (item: LogItem): object => (item.type === 'message' ? item.entry : item);
// The label ("tools/call · echo") is added for a response, which names neither itself.
const computeText = (item: LogItem, label: string | undefined) => `${buildText(item)}\n${label ?? ''}`.toLowerCase();

function textOf(item: LogItem, label: string | undefined): string {
  const key = cacheKey(item);
  let text = searchText.get(key);
  if (text === undefined) {
    text = computeText(item, label);
    searchText.set(key, text);
  }
  return text;
}

function buildText(item: LogItem): string {
  if (item.type === 'note') return `note ${item.level} ${item.text}`;
  const { entry } = item;
  const parts = [entry.direction, entry.direction === 'in' ? '←' : '→', entry.kind, entry.method ?? ''];
  if (entry.rpcId !== undefined) parts.push(`id:${entry.rpcId}`, String(entry.rpcId));
  if (entry.late) parts.push('late');
  if (entry.unmatched) parts.push('unmatched');
  const resent = originOf(entry, 'resend');
  if (resent) parts.push(resent.edited ? 'edited re-sent' : 're-sent');
  const audit = originOf(entry, 'audit');
  if (audit?.probe) parts.push('audit probe', audit.id);
  if (entry.violation !== undefined) parts.push('spec violation', entry.violation);
  if (entry.message !== undefined) parts.push(safeStringify(entry.message));
  if (entry.raw !== undefined) parts.push(entry.raw);
  if (entry.parseError !== undefined) parts.push(entry.parseError);
  return parts.join('\n');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * True when `text` (case-insensitive, whitespace-separated terms, all must match) occurs in the entry's
 * method, id, direction, kind or JSON text. A response names neither method nor target: pass its label
 * (`labelText(labelOf(byId, item))`, "tools/call · echo") so filtering by either finds both. An empty filter
 * matches everything.
 */
export function matchesFilter(item: LogItem, text: string, label?: string): boolean {
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = textOf(item, label);
  return terms.every((term) => haystack.includes(term));
}

/** The entries a filter matches, kept so the next batch only scans what is new. */
export interface FilterResult {
  text: string;
  generation: number;
  revision: number;
  /** Matching ids in log order. */
  ids: readonly string[];
  /** Absolute positions (see ChunkedList.dropped) of `ids`, ascending. */
  positions: readonly number[];
  /** Absolute position one past the last entry scanned. */
  scannedTo: number;
}

interface FilterableLog {
  ids: ChunkedList<string>;
  byId: ReadonlyMap<string, LogItem>;
  generation: number;
  revision: number;
}

/**
 * The search texts of 512 consecutive log positions joined into one string: a filter over 100,000 entries
 * is then ~200 `indexOf` scans of long strings (a millisecond or two), not 100,000 `includes` calls with a
 * cache lookup each (tens of milliseconds).
 */
interface CorpusChunk {
  text: string;
  /** Where each entry's text starts in `text`; one more than the entries, so entry i ends at starts[i + 1] - 1. */
  starts: Int32Array;
  /** Absolute position of the chunk's first entry (later than the chunk's start when it was built partly evicted). */
  first: number;
  /** The entries the texts were made from, to spot one replaced in place. */
  items: ReadonlyArray<LogItem | undefined>;
}

interface Corpus {
  revision: number;
  /** By chunk number, floor(position / CORPUS_CHUNK); built for complete chunks only. */
  chunks: Map<number, CorpusChunk>;
}

const CORPUS_CHUNK = 512;
// Never in a search term: terms are split on whitespace and stripped of it.
const SEPARATOR = '\u0000';
/** One corpus per log index: `clear` and `load` replace the index, and so start a new corpus. */
const corpora = new WeakMap<ReadonlyMap<string, LogItem>, Corpus>();

function corpusOf(log: FilterableLog): Corpus {
  let corpus = corpora.get(log.byId);
  if (!corpus) {
    corpus = { revision: log.revision, chunks: new Map() };
    corpora.set(log.byId, corpus);
  } else if (corpus.revision !== log.revision) {
    // An entry was replaced in place (a response re-sent marked late) and may read differently now: the chunks
    // that hold a replaced entry are rebuilt, the others kept.
    const { ids, byId } = log;
    for (const [number, chunk] of corpus.chunks) {
      const stale = chunk.items.some((item, index) => {
        const position = chunk.first + index;
        return position >= ids.dropped && byId.get(ids.at(position - ids.dropped)!) !== item;
      });
      if (stale) corpus.chunks.set(number, buildChunk(log, chunk.first, (number + 1) * CORPUS_CHUNK, chunk));
    }
    corpus.revision = log.revision;
  }
  return corpus;
}

/** Chunk `number` once all its positions have arrived, built on first use; undefined while it is still filling. */
function sealedChunk(log: FilterableLog, corpus: Corpus, number: number): CorpusChunk | undefined {
  const { ids } = log;
  const end = (number + 1) * CORPUS_CHUNK;
  if (end > ids.dropped + ids.length) return undefined;
  const built = corpus.chunks.get(number);
  if (built) return built;
  for (const old of corpus.chunks.keys()) if ((old + 1) * CORPUS_CHUNK <= ids.dropped) corpus.chunks.delete(old);
  const chunk = buildChunk(log, Math.max(number * CORPUS_CHUNK, ids.dropped), end);
  corpus.chunks.set(number, chunk);
  return chunk;
}

/** The chunk of positions [first, end); an unchanged entry of `previous` keeps its text without a new stringify. */
function buildChunk(log: FilterableLog, first: number, end: number, previous?: CorpusChunk): CorpusChunk {
  const { ids, byId } = log;
  const items: Array<LogItem | undefined> = [];
  const texts: string[] = [];
  for (let position = first; position < end; position += 1) {
    const item = position >= ids.dropped ? byId.get(ids.at(position - ids.dropped)!) : undefined;
    items.push(item);
    const index = position - (previous?.first ?? 0);
    if (!item) texts.push('');
    else if (previous && previous.items[index] === item)
      texts.push(previous.text.slice(previous.starts[index]!, previous.starts[index + 1]! - 1));
    else {
      // The per-entry cache is only for entries still filling a chunk: from here on the chunk holds the text.
      const key = cacheKey(item);
      const cached = searchText.get(key);
      if (cached !== undefined) searchText.delete(key);
      texts.push(cached ?? computeText(item, labelText(labelOf(byId, item))));
    }
  }
  const starts = new Int32Array(texts.length + 1);
  let offset = 0;
  texts.forEach((entryText, index) => {
    starts[index] = offset;
    offset += entryText.length + 1;
  });
  starts[texts.length] = offset;
  return { text: texts.join(SEPARATOR), starts, first, items };
}

/** Calls `keep` with the absolute position of each entry in the chunk whose text holds every term. */
function searchChunk(chunk: CorpusChunk, terms: readonly string[], probe: string, dropped: number, keep: (position: number) => void): void {
  const { text, starts, first } = chunk;
  let entry = 0;
  let from = 0;
  while (from < text.length) {
    const at = text.indexOf(probe, from);
    if (at < 0) return;
    while (starts[entry + 1]! <= at) entry += 1;
    const next = starts[entry + 1]!;
    if (first + entry >= dropped) {
      const entryText = terms.length === 1 ? '' : text.slice(starts[entry]!, next - 1);
      if (terms.every((term) => term === probe || entryText.includes(term))) keep(first + entry);
    }
    from = next;
  }
}

/**
 * The term that finds the fewest candidates in a sample chunk: it is searched for, and the other terms are
 * checked on its candidates alone ("flood 5678" probes for "5678", not for "flood", which is in every entry).
 */
function pickProbe(sample: CorpusChunk, terms: readonly string[]): string {
  const hits = (term: string) => {
    let count = 0;
    for (let at = sample.text.indexOf(term); at >= 0 && count < 64; at = sample.text.indexOf(term, at + term.length)) count += 1;
    return count;
  };
  let best = terms[0]!;
  let fewest = Infinity;
  for (const term of terms) {
    const count = terms.length === 1 ? 0 : hits(term);
    if (count < fewest || (count === fewest && term.length > best.length)) [best, fewest] = [term, count];
  }
  return best;
}

const termsOf = (text: string) => text.toLowerCase().replaceAll(SEPARATOR, ' ').split(/\s+/).filter(Boolean);

/**
 * Filters the log, reusing `previous` when only new entries arrived or old ones were evicted: a flood with a
 * filter typed in costs a scan of each batch, not of all 100,000 entries per frame.
 */
export function filterLog(log: FilterableLog, text: string, previous?: FilterResult | null): FilterResult {
  const { ids, byId } = log;
  const end = ids.dropped + ids.length;
  const reuse =
    previous &&
    previous.text === text &&
    previous.generation === log.generation &&
    previous.revision === log.revision &&
    previous.scannedTo <= end;
  let keptIds: string[] = [];
  let keptPositions: number[] = [];
  let from = ids.dropped;
  if (reuse) {
    let first = 0;
    while (first < previous.positions.length && previous.positions[first]! < ids.dropped) first += 1;
    keptIds = previous.ids.slice(first);
    keptPositions = previous.positions.slice(first);
    from = Math.max(ids.dropped, previous.scannedTo);
  }
  const terms = termsOf(text);
  const keep = (position: number) => {
    keptIds.push(ids.at(position - ids.dropped)!);
    keptPositions.push(position);
  };
  let position = from;
  if (!reuse && terms.length > 0) {
    // A full scan: the complete chunks through the corpus, then the entries still filling the last chunk.
    const corpus = corpusOf(log);
    let probe: string | undefined;
    for (
      let chunk = sealedChunk(log, corpus, Math.floor(position / CORPUS_CHUNK));
      chunk;
      chunk = sealedChunk(log, corpus, Math.floor(position / CORPUS_CHUNK))
    ) {
      probe ??= pickProbe(chunk, terms);
      searchChunk(chunk, terms, probe, ids.dropped, keep);
      position = (Math.floor(position / CORPUS_CHUNK) + 1) * CORPUS_CHUNK;
    }
  }
  for (; position < end; position += 1) {
    const item = byId.get(ids.at(position - ids.dropped)!);
    if (!item) continue;
    const haystack = textOf(item, labelText(labelOf(byId, item)));
    if (terms.every((term) => haystack.includes(term))) keep(position);
  }
  return { text, generation: log.generation, revision: log.revision, ids: keptIds, positions: keptPositions, scannedTo: end };
}

/** Runs `work` when the page is idle; `deadline()` says how many ms are left. */
export type IdleScheduler = (work: (deadline: () => number) => void) => void;

/**
 * Builds the search corpus of complete chunks in idle time, so the first filter over 100,000 entries is a
 * scan, not 100,000 JSON.stringify calls. Returns the unsubscribe function.
 */
export function warmSearchText(
  store: { getState(): FilterableLog; subscribe(listener: (state: FilterableLog, previous: FilterableLog) => void): () => void },
  idle: IdleScheduler,
): () => void {
  let next = 0; // number of the first chunk not yet built
  let scheduled = false;
  const run = (deadline: () => number) => {
    scheduled = false;
    const log = store.getState();
    const corpus = corpusOf(log);
    next = Math.max(next, Math.floor(log.ids.dropped / CORPUS_CHUNK));
    const complete = () => (next + 1) * CORPUS_CHUNK <= log.ids.dropped + log.ids.length;
    for (; complete() && deadline() > 2; next += 1) sealedChunk(log, corpus, next);
    if (complete()) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    idle(run);
  };
  return store.subscribe((state, previous) => {
    if (state.generation !== previous.generation || state.revision !== previous.revision) next = 0;
    if (state.ids !== previous.ids) schedule();
  });
}
