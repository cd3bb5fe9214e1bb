// Fixed loopback ports for the servers the e2e tests start (e2e/servers/list.ts, started by launch.ts).
// Specs import the URLs from here; nothing else should hard-code a port.
// 17100–17199: below every OS's ephemeral port range (Linux 32768–60999, macOS and Windows 49152–65535).
// Inside that range an outgoing connection (a readiness poll, a conformance run just before) can hold the
// very port a fixture server is about to listen on, and it fails with EADDRINUSE; CI saw that twice with
// the old base 47100. Each server below is BASE + an offset; a new fixture server takes an offset no
// other constant here uses (src/test/README.md lists them).

export const HOST = '127.0.0.1';

/** Set LENS_E2E_PORT_BASE to run a second copy of the suite beside this one (another worktree). */
const ROOT = Number(process.env.LENS_E2E_PORT_BASE ?? 17100);

/**
 * Each Playwright worker has a set of servers of its own (the demo server, the hostile and OAuth fixtures
 * keep state), SLOT_SPAN ports above the previous worker's: worker slot N uses ROOT + N × SLOT_SPAN + offset.
 * A worker reads its slot from TEST_PARALLEL_INDEX, which Playwright sets; the servers and the config get
 * their slot's base in LENS_E2E_PORT_BASE instead, so they see slot 0.
 */
export const SLOT_SPAN = 50;
export const slotBase = (slot: number) => ROOT + slot * SLOT_SPAN;
const BASE = slotBase(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

export const APP_PORT = BASE;
export const DEMO_PORT = BASE + 1;
export const EVERYTHING_HTTP_PORT = BASE + 2;
export const EVERYTHING_SSE_PORT = BASE + 3;
export const NO_CORS_PORT = BASE + 4;
export const OAUTH_PORT = BASE + 5;
export const FLOOD_PORT = BASE + 9;
export const HOSTILE_PORT = BASE + 6;
export const MODERN_FIXTURE_PORT = BASE + 10;
export const BROKEN_AUDIT_PORT = BASE + 13;
/** Hostile 2026-07-28 servers (src/test/servers/hostile/modern-server.ts), started beside the hostile fixture. */
export const HOSTILE_MODERN_PORT = BASE + 15;
/** 20–29: the local relay and the servers behind it. */
export const NO_CORS_MCP_PORT = BASE + 20;
export const RELAY_HTTP_PORT = BASE + 21;
export const RELAY_STDIO_PORT = BASE + 22;
export const RELAY_OAUTH_PORT = BASE + 23;
/** The relay running the console fixture (src/test/servers/stdio-console-fixture.ts): e2e/stdio-console.spec.ts. */
export const RELAY_CONSOLE_PORT = BASE + 24;
/** 30–39: model providers. */
export const FAKE_PROVIDER_PORT = BASE + 30;
/** 40–49: the connect errors (e2e/connect-errors.spec.ts). A 2026-07-28 server whose server/discover lacks capabilities. */
export const BAD_DISCOVER_PORT = BASE + 40;
/** A port no fixture listens on: a server that is down. */
export const CLOSED_PORT = BASE + 41;

/** The app is served from a sub-path to prove it works off the domain root. */
export const APP_BASE_PATH = '/inspector/';

/** The built app, e.g. `${APP_URL}?url=${encodeURIComponent(DEMO_MCP_URL)}`. */
export const APP_URL = `http://${HOST}:${APP_PORT}${APP_BASE_PATH}`;
/** Our demo MCP server: Streamable HTTP with 2025-11-25 sessions and stateless 2026-07-28 requests on one endpoint, CORS. */
export const DEMO_MCP_URL = `http://${HOST}:${DEMO_PORT}/mcp`;
/** The reference server, `mcp-server-everything streamableHttp`. */
export const EVERYTHING_MCP_URL = `http://${HOST}:${EVERYTHING_HTTP_PORT}/mcp`;
/** The reference server over the legacy HTTP+SSE transport, `mcp-server-everything sse`. */
export const EVERYTHING_SSE_URL = `http://${HOST}:${EVERYTHING_SSE_PORT}/sse`;
/** A server that sends no CORS headers at all. */
export const NO_CORS_MCP_URL = `http://${HOST}:${NO_CORS_PORT}/mcp`;
/** The OAuth fixture: a protected MCP server and its mock authorization server (src/test/servers/oauth-fixture.ts). */
export const OAUTH_ORIGIN = `http://${HOST}:${OAUTH_PORT}`;
export const oauthMcpUrl = (variant: string) => `${OAUTH_ORIGIN}/v/${variant}/mcp`;
/** The benchmark's flood server (src/test/servers/flood-server.ts): floods of notifications and big results. */
export const FLOOD_MCP_URL = `http://${HOST}:${FLOOD_PORT}/mcp`;
/** The hostile fixture (src/test/servers/hostile/): one misbehaving MCP server per scenario path. */
export const hostileUrl = (scenario: string) => `http://${HOST}:${HOSTILE_PORT}/s/${scenario}/mcp`;
/** A server that speaks only MCP 2026-07-28 (src/test/servers/modern-fixture.ts). */
export const MODERN_MCP_URL = `http://${HOST}:${MODERN_FIXTURE_PORT}/mcp`;
/** The same server, dual era, behind a 2025 CORS allow-list (no Mcp-Method, Mcp-Name). */
export const MODERN_CORS_2025_URL = `http://${HOST}:${MODERN_FIXTURE_PORT}/cors-2025/mcp`;
/** A hostile 2026-07-28 server, one misbehaviour per scenario (issue 25, classes 10–16). */
export const hostileModernUrl = (scenario: string) => `http://${HOST}:${HOSTILE_MODERN_PORT}/m/${scenario}/mcp`;
/** What the hostile fixture received for a scenario. */
export const hostileControlUrl = (scenario: string) => `http://${HOST}:${HOSTILE_PORT}/control/${scenario}`;
/** A real MCP server (the demo server) that sends no CORS headers: a browser cannot use it directly. */
export const NO_CORS_REAL_MCP_URL = `http://${HOST}:${NO_CORS_MCP_PORT}/mcp`;
/**
 * The token both e2e relays run with (MCP_LENS_RELAY_TOKEN), so a spec can build their links. A real run
 * gets a fresh random one.
 */
export const E2E_RELAY_TOKEN = 'e2e-relay-token-000000000000000000000000000';
/** The relay in front of NO_CORS_REAL_MCP_URL. */
export const RELAY_HTTP_URL = `http://${HOST}:${RELAY_HTTP_PORT}/mcp`;
/** The relay running `mcp-server-everything stdio`. */
export const RELAY_STDIO_URL = `http://${HOST}:${RELAY_STDIO_PORT}/mcp`;
/** The relay running a stdio server that talks on stderr and exits with code 3 when asked (its Console). */
export const RELAY_CONSOLE_URL = `http://${HOST}:${RELAY_CONSOLE_PORT}/mcp`;
/** The relay in front of the OAuth fixture's `consent` variant: OAuth through the relay. */
export const RELAY_OAUTH_URL = `http://${HOST}:${RELAY_OAUTH_PORT}/mcp`;
/** The fake model provider (src/test/servers/fake-provider.ts): OpenAI-compatible at `/openai/v1`, Anthropic at `/anthropic/v1`. */
export const FAKE_PROVIDER_ORIGIN = `http://${HOST}:${FAKE_PROVIDER_PORT}`;
/** The broken audit fixture behind CORS (src/test/servers/broken-audit-server.ts via e2e/servers/broken-audit.ts): one fault per path. */
export const brokenAuditUrl = (fault: string, era: 'legacy' | 'modern' = 'legacy') =>
  `http://${HOST}:${BROKEN_AUDIT_PORT}/${era === 'modern' ? 'modern/' : ''}${fault}/mcp`;
/** A 2026-07-28 server whose server/discover result lacks capabilities (src/test/servers/bad-discover-server.ts). */
export const BAD_DISCOVER_MCP_URL = `http://${HOST}:${BAD_DISCOVER_PORT}/mcp`;
/** Nothing listens here. */
export const CLOSED_PORT_MCP_URL = `http://${HOST}:${CLOSED_PORT}/mcp`;
