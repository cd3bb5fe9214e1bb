/**
 * The schema of a session file, applied to everything in it on the way in (in the reader worker): a file
 * may be hand-edited, truncated or crafted. Every field the app reads is checked for its type; what is
 * wrong is dropped and counted, never passed on, so no view meets a URL that is `{}` or headers that are
 * `[null, 5]`. Everything is bounded — item counts, string lengths, note sizes — and each cut says so.
 *
 * Only the envelope (format, version) is fatal; anything below it degrades to "left out" with a note.
 */
import { boundJson, type JsonBounds } from '../bounds.ts';
import type { EngineError } from '../errors.ts';
import type { HttpExchange, MessageEntry, MessageOrigin, WireBody } from '../events.ts';
import type { ContentBlock, Icon, ServerSummary, ToolCallOutcome } from '../model.ts';
import { REPLAY_LIST_METHODS, type ListSnapshots } from '../replay-api.ts';
import type { SavedLogItem, SavedResult, SessionFile } from './session-file-format.ts';
import { formatCount, isRecord, num } from '../read.ts';
import { readConsole } from './saved-console.ts';
import { readConversations } from './saved-conversation.ts';

export interface SessionFileBounds {
  /** @default 100000 (the log's own retention) */
  maxLogItems: number;
  /** @default 10000 (the HTTP view's retention) */
  maxExchanges: number;
  /** @default 1000 */
  maxResults: number;
  /** Items kept per saved list. @default 10000 */
  maxListItems: number;
  /** Names, URLs, descriptions, any string inside a message. @default 65536 */
  maxStringLength: number;
  /** One note of the log. @default 4096 */
  maxNoteLength: number;
  /** A name, title or version (server, tool, resource, prompt): shown on one line. @default 1024 */
  maxNameLength: number;
  /** One HTTP body, as the wire tap keeps it. @default 262144 */
  maxBodyLength: number;
}

export const SESSION_FILE_BOUNDS: SessionFileBounds = {
  maxLogItems: 100_000,
  maxExchanges: 10_000,
  maxResults: 1_000,
  maxListItems: 10_000,
  maxStringLength: 64 * 1024,
  maxNoteLength: 4 * 1024,
  maxNameLength: 1024,
  maxBodyLength: 256 * 1024,
};

type Json = Record<string, unknown>;
const count = (value: unknown) => (typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined);
const oneOf = <T extends string>(value: unknown, allowed: readonly T[]) => (allowed.includes(value as T) ? (value as T) : undefined);
/** Drops the keys whose value is undefined, so optional fields are absent rather than present-and-undefined. */
/** The fields that may be undefined become optional: absent, never present as undefined. */
type Defined<T> = { [K in keyof T as undefined extends T[K] ? never : K]: T[K] } & {
  [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined>;
};
const defined = <T extends object>(value: T): Defined<T> =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Defined<T>;

/** Reads one file, collecting what it had to leave out or cut. */
export class SessionFileReader {
  private readonly dropped = new Map<string, number>();
  private cutStrings = 0;
  private readonly json: JsonBounds;

  constructor(private readonly bounds: SessionFileBounds = SESSION_FILE_BOUNDS) {
    this.json = { maxDepth: 64, maxStringLength: bounds.maxStringLength, maxNodes: 100_000 };
  }

  /** What was left out or cut, in plain words, for the log of the opened file. */
  notes(): string[] {
    const notes = [...this.dropped].map(([what, n]) => `This file had ${formatCount(n)} ${what}; left out.`);
    if (this.cutStrings > 0)
      notes.push(
        `${formatCount(this.cutStrings)} overlong text${this.cutStrings === 1 ? ' was' : 's were'} cut; each cut ends in "…[truncated N chars]".`,
      );
    return notes;
  }

  drop(what: string, n = 1): void {
    if (n > 0) this.dropped.set(what, (this.dropped.get(what) ?? 0) + n);
  }

  text(value: unknown, max = this.bounds.maxStringLength): string | undefined {
    if (typeof value !== 'string') return undefined;
    if (value.length <= max) return value;
    this.cutStrings += 1;
    return `${value.slice(0, max)}…[truncated ${value.length - max} chars]`;
  }

  /** Any JSON value, bounded in depth, nodes and string length. */
  value(value: unknown): unknown {
    return boundJson(value, this.json);
  }

  /** The first `max` entries of an array that `read` accepts; the rest, and what it rejects, are counted. */
  list<T>(value: unknown, max: number, what: string, read: (item: unknown) => T | undefined): T[] {
    if (!Array.isArray(value)) {
      if (value !== undefined) this.drop(`${what} (not a list)`);
      return [];
    }
    if (value.length > max) this.drop(`${what} beyond the first ${formatCount(max)}`, value.length - max);
    const out: T[] = [];
    let bad = 0;
    for (let index = 0; index < Math.min(value.length, max); index += 1) {
      const item = read(value[index]);
      if (item === undefined) bad += 1;
      else out.push(item);
    }
    this.drop(`${what} of the wrong shape`, bad);
    return out;
  }

  strings(value: unknown, max = 1000): string[] {
    return this.list(value, max, 'texts', (item) => this.text(item));
  }

  logItem(value: unknown): SavedLogItem | undefined {
    if (!isRecord(value) || typeof value.id !== 'string') return undefined;
    const id = this.text(value.id, 200)!;
    if (value.type === 'note') {
      const text = this.text(value.text, this.bounds.maxNoteLength);
      const time = num(value.time);
      if (text === undefined || time === undefined) return undefined;
      return {
        id,
        type: 'note',
        seq: num(value.seq) ?? 0,
        time,
        level: oneOf(value.level, ['info', 'warning', 'error'] as const) ?? 'info',
        text,
      };
    }
    const entry = value.type === 'message' ? this.entry(value.entry) : undefined;
    return entry && { id, type: 'message', entry };
  }

  private entry(value: unknown): MessageEntry | undefined {
    if (!isRecord(value)) return undefined;
    const seq = count(value.seq);
    const time = num(value.time);
    const direction = oneOf(value.direction, ['in', 'out'] as const);
    const kind = oneOf(value.kind, ['request', 'response', 'error', 'notification', 'invalid'] as const);
    if (seq === undefined || time === undefined || direction === undefined || kind === undefined) return undefined;
    const rpcId = typeof value.rpcId === 'number' ? num(value.rpcId) : this.text(value.rpcId, 1000);
    return defined({
      seq,
      time,
      direction,
      kind,
      method: this.text(value.method, 1000),
      rpcId,
      latencyMs: num(value.latencyMs),
      requestSeq: count(value.requestSeq),
      message: value.message === undefined ? undefined : this.value(value.message),
      raw: this.text(value.raw),
      parseError: this.text(value.parseError, this.bounds.maxNoteLength),
      late: value.late === true ? true : undefined,
      unmatched: value.unmatched === true ? true : undefined,
      httpSeq: count(value.httpSeq),
      sseEventId: this.text(value.sseEventId, 1000),
      violation: this.text(value.violation, this.bounds.maxNoteLength),
      // Who sent it, so a replayed log shows its "from app", "re-sent" and "audit probe" pills as the live one did.
      origin: this.origin(value),
    });
  }

  /**
   * The entry's `origin`, or in a file written before there was one, its marks of then (`viaApp`, `resent`,
   * `audit` with `auditProbe`) read as the origin they were.
   */
  private origin(entry: Json): MessageOrigin | undefined {
    const value = entry.origin;
    if (value === undefined) return this.legacyOrigin(entry);
    if (!isRecord(value)) return undefined;
    const id = this.text(value.id, 1000);
    if (id === undefined) return undefined;
    switch (value.feature) {
      case 'job':
        return { feature: 'job', id };
      case 'apps': {
        const job = this.text(value.job, 1000);
        return job === undefined ? { feature: 'apps', id } : { feature: 'apps', id, job };
      }
      case 'resend':
        return this.resent(id, value);
      case 'collections': {
        const job = this.text(value.job, 1000);
        return job === undefined ? { feature: 'collections', id } : { feature: 'collections', id, job };
      }
      case 'audit':
        return value.probe === true ? { feature: 'audit', id, probe: true } : { feature: 'audit', id };
      default:
        return undefined;
    }
  }

  private resent(id: string, value: Json): MessageOrigin | undefined {
    const fromSeq = count(value.fromSeq);
    if (fromSeq === undefined) return undefined;
    const fromId = typeof value.fromId === 'number' ? num(value.fromId) : this.text(value.fromId, 1000);
    const job = this.text(value.job, 1000);
    return defined({ feature: 'resend' as const, id, job, fromSeq, fromId, edited: value.edited === true });
  }

  private legacyOrigin(entry: Json): MessageOrigin | undefined {
    const app = this.text(entry.viaApp, 8192);
    if (app !== undefined) return { feature: 'apps', id: app };
    if (isRecord(entry.resent)) return this.resent(String(count(entry.resent.fromSeq) ?? ''), entry.resent);
    const check = this.text(entry.audit, 200);
    if (check === undefined) return undefined;
    return entry.auditProbe === true ? { feature: 'audit', id: check, probe: true } : { feature: 'audit', id: check };
  }

  exchange(value: unknown): HttpExchange | undefined {
    if (!isRecord(value)) return undefined;
    const seq = count(value.seq);
    const time = num(value.time);
    const method = this.text(value.method, 20);
    const url = this.text(value.url, 8192);
    if (seq === undefined || time === undefined || method === undefined || url === undefined) return undefined;
    const sse = isRecord(value.sse)
      ? defined({
          events: count(value.sse.events) ?? 0,
          lastEventId: this.text(value.sse.lastEventId, 1000),
          retryMs: num(value.sse.retryMs),
        })
      : undefined;
    return defined({
      seq,
      time,
      method,
      url,
      requestHeaders: this.headers(value.requestHeaders),
      status: count(value.status),
      statusText: this.text(value.statusText, 1000),
      responseHeaders: value.responseHeaders === undefined ? undefined : this.headers(value.responseHeaders),
      contentType: this.text(value.contentType, 1000),
      durationMs: num(value.durationMs) ?? 0,
      error: this.text(value.error, this.bounds.maxNoteLength),
      sessionId: this.text(value.sessionId, 1024),
      lastEventId: this.text(value.lastEventId, 1000),
      sse,
      endedMs: num(value.endedMs),
      bodyBytes: count(value.bodyBytes),
      requestBody: this.body(value.requestBody),
      responseBody: this.body(value.responseBody),
    });
  }

  private headers(value: unknown): Array<[string, string]> {
    return this.list(value, 200, 'HTTP headers', (pair) => {
      if (!Array.isArray(pair)) return undefined;
      const name = this.text(pair[0], 1000);
      const headerValue = this.text(pair[1], 16 * 1024);
      return name === undefined || headerValue === undefined ? undefined : ([name, headerValue] as [string, string]);
    });
  }

  private body(value: unknown): WireBody | undefined {
    if (value === undefined) return undefined;
    const text = isRecord(value) ? this.text(value.text, this.bounds.maxBodyLength) : undefined;
    if (!isRecord(value) || text === undefined) {
      this.drop('HTTP bodies of the wrong shape');
      return undefined;
    }
    const cut = text.length < (typeof value.text === 'string' ? value.text.length : 0);
    return defined({
      text,
      size: count(value.size) ?? text.length,
      truncated: value.truncated === true || cut ? true : undefined,
      dropped: value.dropped === true ? true : undefined,
    });
  }

  server(value: unknown): ServerSummary | null {
    if (value === null || value === undefined) return null;
    const identity = isRecord(value) ? value.server : undefined;
    if (!isRecord(value) || !isRecord(identity)) {
      this.drop('server summary of the wrong shape');
      return null;
    }
    return defined({
      url: this.text(value.url, 8192) ?? '',
      transport: oneOf(value.transport, ['streamable-http', 'sse'] as const) ?? 'streamable-http',
      // Files from before protocol eras have neither: the server panel then says "era unknown" (era-facts.ts).
      era: oneOf(value.era, ['modern', 'legacy'] as const),
      eraReason: this.text(value.eraReason, this.bounds.maxNoteLength),
      probeBlocked: value.probeBlocked === true ? true : undefined,
      probeBusy: value.probeBusy === true ? true : undefined,
      protocolVersion: this.text(value.protocolVersion, 100) ?? '',
      supportedVersions: value.supportedVersions === undefined ? undefined : this.strings(value.supportedVersions, 100),
      discover: isRecord(value.discover) ? (this.value(value.discover) as Json) : undefined,
      extensions: value.extensions === undefined ? undefined : this.strings(value.extensions, 100),
      sessionId: this.text(value.sessionId, 1024),
      server: defined({
        name: this.text(identity.name, this.bounds.maxNameLength) ?? '',
        title: this.text(identity.title, this.bounds.maxNameLength),
        version: this.text(identity.version, this.bounds.maxNameLength) ?? '',
        description: this.text(identity.description),
        websiteUrl: this.text(identity.websiteUrl, 8192),
        icons: this.icons(identity.icons),
      }),
      capabilities: isRecord(value.capabilities) ? (this.value(value.capabilities) as Json) : {},
      instructions: this.text(value.instructions),
    }) as ServerSummary;
  }

  private icons(value: unknown): Icon[] {
    return this.list(value, 20, 'icons', (icon) => {
      const src = isRecord(icon) ? this.text(icon.src, 8192) : undefined;
      return src === undefined ? undefined : { src };
    });
  }

  result(value: unknown): SavedResult | undefined {
    if (!isRecord(value)) return undefined;
    const tool = this.text(value.tool);
    if (tool === undefined) return undefined;
    const outcome = value.outcome === undefined ? undefined : this.outcome(value.outcome);
    const error = value.error === undefined ? undefined : this.error(value.error);
    if (value.outcome !== undefined && outcome === undefined) this.drop('tool results of the wrong shape');
    return {
      time: num(value.time) ?? 0,
      tool,
      arguments: this.value(value.arguments),
      ...(outcome && { outcome }),
      ...(error && { error }),
    };
  }

  private outcome(value: unknown): ToolCallOutcome | undefined {
    if (!isRecord(value)) return undefined;
    const content = this.list(value.content, 1000, 'content blocks', (block) =>
      isRecord(block) && typeof block.type === 'string' ? (this.value(block) as ContentBlock) : undefined,
    );
    return defined({
      content,
      structuredContent: value.structuredContent === undefined ? undefined : this.value(value.structuredContent),
      isError: value.isError === true,
      contentProblems: value.contentProblems === undefined ? undefined : this.strings(value.contentProblems, 100),
      outputSchemaErrors: value.outputSchemaErrors === undefined ? undefined : this.strings(value.outputSchemaErrors, 100),
      specViolations: value.specViolations === undefined ? undefined : this.strings(value.specViolations, 100),
      durationMs: num(value.durationMs) ?? 0,
      // Task state is shown live only; a saved one is not needed to show the result.
    });
  }

  private error(value: unknown): EngineError | undefined {
    if (!isRecord(value)) return undefined;
    const message = this.text(value.message, this.bounds.maxNoteLength);
    if (message === undefined) return undefined;
    return defined({
      code: (this.text(value.code, 100) ?? 'internal') as EngineError['code'],
      message,
      detail: this.text(value.detail),
      httpStatus: count(value.httpStatus),
      rpcCode: num(value.rpcCode),
    });
  }

  lists(value: unknown): ListSnapshots | undefined {
    if (value === undefined) return undefined;
    const out: ListSnapshots = {};
    if (!isRecord(value)) {
      this.drop('saved lists of the wrong shape');
      return out;
    }
    for (const method of REPLAY_LIST_METHODS) {
      const list = value[method];
      if (list === undefined) continue;
      if (!isRecord(list)) {
        this.drop(`saved ${method} lists of the wrong shape`);
        continue;
      }
      const items = this.list(list.items, this.bounds.maxListItems, `${method} entries`, (item) =>
        isRecord(item) ? this.listItem(item) : undefined,
      );
      out[method] = { pages: count(list.pages) ?? 1, items };
    }
    return out;
  }

  /** A listed tool, resource or prompt: bounded JSON, with its name and title cut to one line's worth. */
  private listItem(item: Json): unknown {
    const bounded = this.value(item) as Json;
    for (const key of ['name', 'title'] as const) {
      const cut = typeof bounded[key] === 'string' ? this.text(bounded[key], this.bounds.maxNameLength) : undefined;
      if (cut !== undefined) bounded[key] = cut;
    }
    return bounded;
  }

  /** The body of a file whose envelope (format, version) was already accepted. */
  file(value: Json, version: number): SessionFile {
    const connection = isRecord(value.connection) ? value.connection : {};
    const url = this.text(connection.url, 8192);
    if (url === undefined) this.drop('connection URLs that were not text');
    const log = isRecord(value.log) ? value.log : {};
    const http = isRecord(value.http) ? value.http : {};
    const app = isRecord(value.app) ? value.app : {};
    const lists = this.lists(value.lists);
    const conversations = readConversations(this, value.playground);
    const savedConsole = readConsole(this, value.console);
    return defined({
      format: 'mcp-lens-session' as const,
      version,
      savedAt: this.text(value.savedAt, 100) ?? '',
      app: { name: this.text(app.name, 100) ?? '', version: this.text(app.version, 100) ?? '' },
      connection: {
        url: url ?? '',
        transport: oneOf(connection.transport, ['auto', 'streamable-http', 'sse'] as const) ?? 'auto',
        headerNames: this.strings(connection.headerNames, 100),
      },
      server: this.server(value.server),
      log: {
        evicted: count(log.evicted) ?? 0,
        items: this.list(log.items, this.bounds.maxLogItems, 'log items', (item) => this.logItem(item)),
      },
      http: {
        evicted: count(http.evicted) ?? 0,
        exchanges: this.list(http.exchanges, this.bounds.maxExchanges, 'HTTP exchanges', (item) => this.exchange(item)),
      },
      results: this.list(value.results, this.bounds.maxResults, 'saved tool results', (item) => this.result(item)),
      lists,
      playground: conversations && conversations.length > 0 ? { conversations } : undefined,
      console: savedConsole,
    });
  }
}
