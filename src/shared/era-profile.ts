/**
 * What each protocol era lets a client do, and how: the one place that knows the eras differ. The engine
 * picks a profile once per session (from the era the handshake settled on) and its features ask the profile,
 * never the era; the app's scope hands the same answers to the views ("can I ping?", "how is a call
 * cancelled?"). A third revision is one more entry in `PROFILES`, not a hunt for `if`s. Which version each era
 * speaks, what it is called and what a person may type for it are written here and nowhere else.
 */
import type { EraChoice, ProtocolEra } from './model.ts';

/** The spec revisions MCP Lens speaks first in each era, and that the audit cites: the newest of each. */
export type SpecRevision = '2025-11-25' | '2026-07-28';

export interface EraProfile {
  readonly era: ProtocolEra;
  /** The protocol version MCP Lens asks for in this era (`MCP-Protocol-Version`, `initialize`, the discover `_meta`). */
  readonly protocolVersion: SpecRevision;
  /** The spec revision this era's rules are read from (the audit's citations). */
  readonly specRevision: SpecRevision;
  /** The request a connection in this era starts with: the stateless probe, or the handshake. */
  readonly firstRequest: 'server/discover' | 'initialize';
  /** The `Mcp-Session-Id` session, opened by `initialize` and ended by DELETE (2026-07-28 has none). */
  readonly sessions: boolean;
  /** Every result carries `resultType`, and lists carry cache hints (`ttlMs`, `cacheScope`). */
  readonly resultType: boolean;
  /** An unknown method gets HTTP 404 with its -32601 (a 2026-07-28 MUST). */
  readonly unknownMethodIs404: boolean;
  /** A missing resource's error: 2026-07-28 requires -32602; 2025-11-25 asks for -32002 (SHOULD). */
  readonly resourceNotFound: { readonly code: number; readonly required: boolean };
  /** What a tool's outputSchema may be: any JSON Schema (booleans too), or an object with "type": "object". */
  readonly outputSchema: 'any' | 'object';
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
  /** What the era picker, a saved server and the reconnect question call a pin to this era. */
  readonly pinLabel: string;
  /** What a person may type for this era (the CLI's `--era`), besides `auto`; the first is the one usage lines name. */
  readonly aliases: readonly string[];
}

export type DeprecatedFeature = 'Logging' | 'Roots' | 'Sampling';

const PROFILES: Record<ProtocolEra, EraProfile> = {
  legacy: {
    era: 'legacy',
    protocolVersion: '2025-11-25',
    specRevision: '2025-11-25',
    firstRequest: 'initialize',
    sessions: true,
    resultType: false,
    unknownMethodIs404: false,
    resourceNotFound: { code: -32002, required: false },
    outputSchema: 'object',
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
    pinLabel: '2025 and older',
    aliases: ['2025', 'legacy'],
  },
  modern: {
    era: 'modern',
    protocolVersion: '2026-07-28',
    specRevision: '2026-07-28',
    firstRequest: 'server/discover',
    sessions: false,
    resultType: true,
    unknownMethodIs404: true,
    resourceNotFound: { code: -32602, required: true },
    outputSchema: 'any',
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
    pinLabel: '2026-07-28',
    aliases: ['2026-07-28', 'modern'],
  },
};

/** The profile of an era; a summary from an older file without one reads as the 2025 era, which had no such field. */
export function profileOf(era: ProtocolEra | undefined): EraProfile {
  return PROFILES[era ?? 'legacy'];
}

/** An era read from a file or another untrusted source: anything this build does not know reads as the 2025 era. */
export function eraFrom(value: unknown): ProtocolEra {
  return isProtocolEra(value) ? value : 'legacy';
}

/** The eras this build speaks, newest first. */
export const PROTOCOL_ERAS: readonly ProtocolEra[] = [PROFILES.modern.era, PROFILES.legacy.era];

/**
 * Every protocol version MCP Lens speaks, newest first: each era's own, then the older 2025-era revisions the
 * `initialize` handshake still accepts. The SDK client is given this list, and errors quote it.
 */
export const SUPPORTED_PROTOCOL_VERSIONS: readonly string[] = [
  PROFILES.modern.protocolVersion,
  PROFILES.legacy.protocolVersion,
  '2025-06-18',
  '2025-03-26',
  '2024-11-05',
];

/** A value from outside (a file, a message) that names an era this build knows. */
export const isProtocolEra = (value: unknown): value is ProtocolEra => typeof value === 'string' && Object.hasOwn(PROFILES, value);

/** A spec revision a check may cite, read from a file. */
export const isSpecRevision = (value: unknown): value is SpecRevision => PROTOCOL_ERAS.some((era) => PROFILES[era].specRevision === value);

/** The era a person's word names (`modern`, `2026-07-28`, `2025`, `legacy`), or undefined. */
export const eraOfAlias = (word: string): ProtocolEra | undefined => PROTOCOL_ERAS.find((era) => PROFILES[era].aliases.includes(word));

/** How the era choice reads beside Connect, on a saved server and in the reconnect question. */
export const eraChoiceLabel = (choice: EraChoice): string => (choice === 'auto' ? 'Auto' : PROFILES[choice].pinLabel);
