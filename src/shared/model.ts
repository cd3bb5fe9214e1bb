/**
 * The data the engine hands to the UI. MCP payloads (tools, content blocks, capabilities) are passed as the
 * server sent them — already bounded in size and depth — and typed loosely on purpose: they are untrusted,
 * so the UI reads every field defensively instead of trusting a type the server never promised to meet.
 */
import type { ToolUi } from './apps.ts';
import type { Limits } from './limits.ts';
import type { ClientFeatureSettings } from './client-features.ts';

import type { TaskFollowPolicy, TaskInfo } from './task-info.ts';
import type { ParamHeader } from './mcp-param-headers.ts';

export type TransportKind = 'streamable-http' | 'sse';

/** `auto` tries Streamable HTTP and falls back to legacy HTTP+SSE as the spec's backwards-compatibility section says. */
export type TransportChoice = 'auto' | TransportKind;

/**
 * MCP has two protocol eras: `modern` is revision 2026-07-28 and later (stateless, `server/discover`, a
 * `_meta` envelope on every request), `legacy` is 2025-11-25 and older (the `initialize` handshake and a
 * session).
 */
export type ProtocolEra = 'modern' | 'legacy';

/**
 * Which era to speak. `auto` probes the modern era with `server/discover` and falls back to the 2025
 * handshake only on real evidence (never on 401, 5xx or a timeout); the others pin one era.
 */
export type EraChoice = 'auto' | ProtocolEra;

/** A verdict remembered from an earlier connection to the same origin, so the probe can be skipped. */
export interface KnownEra {
  era: ProtocolEra;
  /** When it was learned (ms since the epoch). */
  at: number;
}

export interface HeaderPair {
  name: string;
  value: string;
}

export interface ConnectParams {
  url: string;
  headers: HeaderPair[];
  transport: TransportChoice;
  /** @default 'auto' */
  era?: EraChoice;
  /** With `era: 'auto'`: the verdict remembered for this origin; a legacy one skips the probe. */
  knownEra?: KnownEra;
  /**
   * How long connect waits for the handshake (the era probe, initialize). Later requests keep the SDK's
   * default, tool calls their own (src/engine/features/tools.ts). @default 30000
   */
  requestTimeoutMs?: number;
  /** Bounds on what the server may send (src/shared/limits.ts); each missing one takes its default. */
  limits?: Partial<Limits>;
  /** Client capabilities to declare; absent means DEFAULT_CLIENT_FEATURES (everything the UI can answer). */
  clientFeatures?: ClientFeatureSettings;
}

export interface Icon {
  src: string;
  mimeType?: string;
  sizes?: string[];
  theme?: 'light' | 'dark';
}

interface ServerIdentity {
  name: string;
  title?: string;
  version: string;
  description?: string;
  websiteUrl?: string;
  icons: Icon[];
}

export interface ServerSummary {
  url: string;
  transport: TransportKind;
  era: ProtocolEra;
  /** One sentence on how the era was decided (probed, pinned, remembered) and on what evidence. */
  eraReason: string;
  /**
   * Auto's `server/discover` probe got no response at all (from a browser: usually CORS refusing the
   * Mcp-Method and Mcp-Name headers), so the 2025 era was used without evidence about the server.
   */
  probeBlocked?: boolean;
  /**
   * Auto's probe was told to slow down (HTTP 429) until the connect had no time left to wait, so the 2025 era
   * was used without evidence about the server: not remembered as the endpoint's era.
   */
  probeBusy?: boolean;
  protocolVersion: string;
  /** Modern era: the revisions the server's `server/discover` lists. */
  supportedVersions?: string[];
  /** Modern era: the `server/discover` result as the server sent it (bounded). */
  discover?: Record<string, unknown>;
  /** Modern era: the protocol extensions in force (SEP-2133), those both MCP Lens and the server offered. */
  extensions?: string[];
  sessionId?: string;
  server: ServerIdentity;
  capabilities: Record<string, unknown>;
  instructions?: string;
  /**
   * What the engine cut before the summary crossed to the page (src/engine/guards/identity-bounds.ts), as the
   * original length: characters for text, entries for the version list. Absent when nothing was cut.
   */
  cut?: { name?: number; title?: number; description?: number; version?: number; instructions?: number; supportedVersions?: number };
}

interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

export interface Tool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
  icons: Icon[];
  execution?: { taskSupport?: string };
  /** Modern era over HTTP: arguments mirrored into `Mcp-Param-*` headers on each call (SEP-2243). */
  paramHeaders?: ParamHeader[];
  /** Modern era over HTTP: why the spec excludes this tool (an invalid x-mcp-header); it is never called. */
  excluded?: string;
  /** MCP Apps: the `ui://` resource that shows this tool's results (`_meta.ui`). */
  ui?: ToolUi;
}

export interface ToolList {
  tools: Tool[];
  /** How many `tools/list` pages it took to reach the end. */
  pages: number;
  freshness?: Freshness;
  /** Set when paging stopped at a bound before the server's last page: "Load more" continues from here. */
  more?: ListMore;
}

/**
 * Where a list stopped before its end. A server whose cursor never ends must not hang the page, so one
 * load follows at most `MAX_LIST_PAGES` pages and keeps at most `MAX_LIST_ITEMS` items; the rest is one
 * "Load more" (a list request with `after: cursor`) away.
 */
export interface ListMore {
  /** The server's `nextCursor` to continue from. */
  cursor: string;
  /** In plain words, e.g. "stopped after 20 pages". */
  reason: string;
  /** The list holds MAX_LIST_ITEMS_KEPT items: MCP Lens keeps no more, so no "Load more" is offered. */
  final?: true;
}

/** Pages followed by one load of a list (the first, or one "Load more"). */
export const MAX_LIST_PAGES = 20;
/** Items kept by one load of a list; a single page longer than this is cut, and the cut is noted. */
export const MAX_LIST_ITEMS = 10_000;
/** Items a list keeps in all, across every "Load more". */
export const MAX_LIST_ITEMS_KEPT = 50_000;

/** MCP 2026-07-28 cache hints on a list or read (`ttlMs`, `cacheScope`), as the server sent them. */
export interface CacheHints {
  ttlMs: number;
  scope?: 'public' | 'private';
  /** Hints the server got wrong, as MCP Lens read them instead ("ttlMs -5000 is negative; read as 0"). */
  problem?: string;
}

/** The hints of an answer, when it arrived, and whether MCP Lens served it from its cache. */
export interface Freshness extends CacheHints {
  receivedAt: number;
  fromCache: boolean;
  /** How old the answer was when it was given (0 unless it came from the cache). */
  ageMs: number;
}

/**
 * A list request: `refresh` asks the server even when a cached answer is still fresh; `after` continues a
 * list that stopped at a bound from its cursor ("Load more") and is never cached.
 */
export type ListRequest = { cache?: 'use' | 'refresh'; after?: string } | undefined;

export interface ToolCallParams {
  name: string;
  arguments: Record<string, unknown>;
  /** Chosen by the caller; `call-progress` events for this call carry it. */
  trackingId?: string;
  /** Run as a task (tools/call with `task`), polled with tasks/get. Only when the server and tool support it. */
  asTask?: boolean;
  /** Per-request timeout, reset by each progress notification. @default 60000 */
  timeoutMs?: number;
  /** Hard limit however much progress arrives. @default 600000 */
  maxTotalTimeoutMs?: number;
  /** MCP Apps: the `ui://` URI of the app that made this call through MCP Lens; the log marks it. */
  viaApp?: string;
  /** How to follow the call if the server runs it as a task. @default answer its questions, honour its pace */
  taskFollow?: TaskFollowPolicy;
}

/** A content block as the server sent it (text, image, audio, resource_link, resource, or something newer). */
export type ContentBlock = { type: string } & Record<string, unknown>;

export interface ToolCallOutcome {
  content: ContentBlock[];
  structuredContent?: unknown;
  isError: boolean;
  /**
   * How the result breaks the spec's shape (no content array, a content item without its fields). With
   * outputSchemaErrors, what `verdictOf` (shared/tool-verdict.ts) reads: the audit and the CLI judge alike.
   */
  contentProblems?: string[];
  /** Set when the tool declares an outputSchema and structuredContent does not match it. */
  outputSchemaErrors?: string[];
  /** What the outputSchema check could not check (e.g. a pattern the linear-time engine cannot run). */
  outputSchemaNotes?: string[];
  /** Set when structuredContent was checked against the tool's outputSchema (pass unless outputSchemaErrors). */
  outputSchemaChecked?: true;
  /** Where the answer breaks the protocol but was still usable (e.g. no `resultType` from a 2026-07-28 server). */
  specViolations?: string[];
  durationMs: number;
  /** For a call run as a task: the task's last known state. */
  task?: TaskInfo;
}

export interface PingResult {
  latencyMs: number;
}

export type IconResult = { ok: true; blob: Blob; mimeType: string } | { ok: false; reason: string };
