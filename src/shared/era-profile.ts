/**
 * What each protocol era lets a client do, and how: the one place that knows the eras differ. The engine
 * picks a profile once per session (from the era the handshake settled on) and its features ask the profile,
 * never the era; the app's scope hands the same answers to the views ("can I ping?", "how is a call
 * cancelled?"). A third revision is one more entry in `PROFILES`, not a hunt for `if`s.
 */
import type { ProtocolEra } from './model.ts';

export interface EraProfile {
  readonly era: ProtocolEra;
  /** `ping` exists (2026-07-28 removed it: each request's round trip is in the log instead). */
  readonly ping: boolean;
  /** How an in-flight request is cancelled: a `notifications/cancelled`, or closing its response stream. */
  readonly cancelHow: 'notifications/cancelled' | 'close-stream';
  /** Where the Tasks tab's list comes from: `tasks/list` when the server declares it, or only this session's handles. */
  readonly listTasks: 'tasks/list' | 'session-handles';
  /** Where a finished task's result is: `tasks/result`, or carried by `tasks/get` itself (the tasks extension). */
  readonly taskResultVia: 'tasks/result' | 'tasks/get';
  /** What makes tasks available: the server's `tasks` capability, or the negotiated tasks extension. */
  readonly tasksOfferedBy: 'capability' | 'extension';
  /** `tasks/cancel` is always there (the extension), or only where the server's tasks capability declares it. */
  readonly tasksCancelAlways: boolean;
  /** How the server's log level is set: `logging/setLevel` once, or in the `_meta` of every request. */
  readonly logLevelVia: 'logging/setLevel' | 'request-meta';
  /** A `logging/setLevel` cannot say "off"; the per-request level can. */
  readonly logLevelOff: boolean;
  /** How change notifications and resource updates are asked for: the GET stream and `resources/subscribe`, or `subscriptions/listen`. */
  readonly subscribe: 'resources/subscribe' | 'subscriptions/listen';
  /** A request whose response stream broke is re-issued once as a new request (a 2026-07-28 MUST). */
  readonly reissueOnLoss: boolean;
  /** Tool arguments marked `x-mcp-header` travel as `Mcp-Param-*` headers (SEP-2243). */
  readonly paramHeaders: boolean;
  /** Requests carry `Mcp-Method`/`Mcp-Name` and the protocol version per request, with no session (a copied curl must too). */
  readonly perRequestHeaders: boolean;
  /** Protocol extensions (SEP-2133) are negotiated through `server/discover`. */
  readonly protocolExtensions: boolean;
  /** Features this revision deprecates (SEP-2577): they still work, for a window. */
  readonly deprecated: readonly DeprecatedFeature[];
  /** What the UI calls the revision. */
  readonly label: string;
}

export type DeprecatedFeature = 'Logging' | 'Roots' | 'Sampling';

const PROFILES: Record<ProtocolEra, EraProfile> = {
  legacy: {
    era: 'legacy',
    ping: true,
    cancelHow: 'notifications/cancelled',
    listTasks: 'tasks/list',
    taskResultVia: 'tasks/result',
    tasksOfferedBy: 'capability',
    tasksCancelAlways: false,
    logLevelVia: 'logging/setLevel',
    logLevelOff: false,
    subscribe: 'resources/subscribe',
    reissueOnLoss: false,
    paramHeaders: false,
    perRequestHeaders: false,
    protocolExtensions: false,
    deprecated: [],
    label: '2025',
  },
  modern: {
    era: 'modern',
    ping: false,
    cancelHow: 'close-stream',
    listTasks: 'session-handles',
    taskResultVia: 'tasks/get',
    tasksOfferedBy: 'extension',
    tasksCancelAlways: true,
    logLevelVia: 'request-meta',
    logLevelOff: true,
    subscribe: 'subscriptions/listen',
    reissueOnLoss: true,
    paramHeaders: true,
    perRequestHeaders: true,
    protocolExtensions: true,
    deprecated: ['Logging', 'Roots', 'Sampling'],
    label: '2026-07-28',
  },
};

/** The profile of an era; a summary from an older file without one reads as the 2025 era, which had no such field. */
export function profileOf(era: ProtocolEra | undefined): EraProfile {
  return PROFILES[era ?? 'legacy'];
}

/** An era read from a file or another untrusted source: anything this build does not know reads as the 2025 era. */
export function eraFrom(value: unknown): ProtocolEra {
  return typeof value === 'string' && Object.hasOwn(PROFILES, value) ? (value as ProtocolEra) : 'legacy';
}
