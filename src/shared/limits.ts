/**
 * The bounds the engine puts on everything a server sends. A server under development (or a hostile one)
 * must not be able to freeze the tab, fill its memory or make it hammer the network; each bound is a
 * setting with a default that no well-behaved server comes near.
 */
export interface Limits {
  /** Bytes in one JSON body or one SSE event, counted while it streams in. @default 16 MiB */
  maxMessageBytes: number;
  /** Nesting depth of a received JSON message; deeper ones are refused before anything parses them. @default 512 */
  maxJsonDepth: number;
  /** A response stream for a request that sends nothing for this long is aborted. @default 120000 */
  idleTimeoutMs: number;
  /** The least time between two reconnects of an event stream, whatever `retry` the server asks for. @default 250 */
  reconnectFloorMs: number;
  /** The most time between reconnects while the server keeps dropping the stream. @default 30000 */
  reconnectMaxDelayMs: number;
  /** Reconnects in a row that deliver nothing before MCP Lens stops and says the server keeps dropping the stream. @default 8 */
  maxEmptyReconnects: number;
}

export const DEFAULT_LIMITS: Readonly<Limits> = {
  maxMessageBytes: 16 * 1024 * 1024,
  maxJsonDepth: 512,
  idleTimeoutMs: 120_000,
  reconnectFloorMs: 250,
  reconnectMaxDelayMs: 30_000,
  maxEmptyReconnects: 8,
};

/** Fills in defaults and ignores values that are not positive finite numbers (an imported config may hold anything). */
export function resolveLimits(partial: Partial<Limits> | undefined): Limits {
  const out: Limits = { ...DEFAULT_LIMITS };
  if (!partial) return out;
  for (const key of Object.keys(DEFAULT_LIMITS) as Array<keyof Limits>) {
    const value = partial[key];
    if (typeof value === 'number' && Number.isFinite(value) && value > 0) out[key] = value;
  }
  return out;
}
