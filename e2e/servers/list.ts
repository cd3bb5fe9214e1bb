/**
 * The servers the e2e tests talk to, one set per Playwright worker slot. e2e/servers/launch.ts starts them
 * (playwright.config.ts runs it as the one web server); specs find them through the URLs in ports.ts.
 */
import { fileURLToPath } from 'node:url';

import {
  BROKEN_AUDIT_PORT,
  APP_URL,
  DEMO_PORT,
  EVERYTHING_HTTP_PORT,
  EVERYTHING_MCP_URL,
  EVERYTHING_SSE_PORT,
  FAKE_PROVIDER_PORT,
  FLOOD_PORT,
  HOST,
  HOSTILE_PORT,
  MODERN_FIXTURE_PORT,
  NO_CORS_MCP_PORT,
  NO_CORS_PORT,
  NO_CORS_REAL_MCP_URL,
  OAUTH_ORIGIN,
  E2E_RELAY_TOKEN,
  oauthMcpUrl,
  RELAY_HTTP_PORT,
  RELAY_OAUTH_PORT,
  RELAY_CONSOLE_PORT,
  RELAY_STDIO_PORT,
  slotBase,
  BAD_DISCOVER_PORT,
} from './ports.ts';

/** What launch.ts prints once every server answers; Playwright waits for it. */
export const READY_LINE = 'e2e servers: all up';

/** One server: the shell command that starts it and what says it is up (an HTTP answer below 404, or the port). */
export interface E2eServer {
  name: string;
  command: string;
  url?: string;
  port?: number;
  env: Record<string, string>;
  /** 'ignore' for a server that logs every message it receives; otherwise its stderr is printed, prefixed. */
  stderr?: 'ignore';
}

// `node --import tsx` rather than `npx tsx`: one process, so signals reach it.
const tsNode = 'node --import tsx';
/**
 * @modelcontextprotocol/server-everything's entry, run by node itself: `npx` would first start a Node of its own
 * to find the binary, a second or more of CPU for each server on a loaded machine, before the server's.
 */
const everythingEntry = fileURLToPath(
  new URL('dist/index.js', import.meta.resolve('@modelcontextprotocol/server-everything/package.json')),
);
const everything = `node ${JSON.stringify(everythingEntry)}`;

/**
 * One worker slot's servers (e2e/servers/ports.ts): each listens SLOT_SPAN ports above the previous slot's, and
 * finds its own ports from LENS_E2E_PORT_BASE.
 */
export function e2eServers(slot: number): E2eServer[] {
  const shift = slotBase(slot) - slotBase(0);
  const port = (p: number) => p + shift;
  const at = (url: string) => url.replace(/:(\d+)(?=[/]|$)/, (_, p: string) => `:${port(Number(p))}`);
  const slotEnv = { LENS_E2E_PORT_BASE: String(slotBase(slot)) };
  const suffix = slot === 0 ? '' : `${slot}:`;
  return [
    {
      name: suffix + 'app',
      // Serves the dist/ that `npm run test:e2e` has just built.
      command: `${tsNode} e2e/servers/static.ts`,
      url: at(APP_URL),
      env: slotEnv,
    },
    {
      name: suffix + 'demo',
      command: `${tsNode} src/node/demo-server/main.ts --port ${port(DEMO_PORT)}`,
      // The root answers 200; /mcp would answer 400 without a session.
      url: `http://${HOST}:${port(DEMO_PORT)}/`,
      env: slotEnv,
    },
    {
      name: suffix + 'everything-http',
      command: `${everything} streamableHttp`,
      env: { ...slotEnv, PORT: String(port(EVERYTHING_HTTP_PORT)) },
      // A GET without a session answers 400, which counts as up.
      url: at(EVERYTHING_MCP_URL),
    },
    {
      name: suffix + 'everything-sse',
      command: `${everything} sse`,
      env: { ...slotEnv, PORT: String(port(EVERYTHING_SSE_PORT)) },
      // Probing /sse would open (and leak) a session per probe; wait for the port instead.
      port: port(EVERYTHING_SSE_PORT),
      // It logs every message it receives to stderr.
      stderr: 'ignore',
    },
    {
      name: suffix + 'flood',
      command: `${tsNode} bench/flood-main.ts --port ${port(FLOOD_PORT)}`,
      // GET answers 405 (no standalone stream), which counts as up.
      port: port(FLOOD_PORT),
      env: slotEnv,
    },
    {
      name: suffix + 'no-cors',
      command: `${tsNode} e2e/servers/no-cors.ts`,
      url: `http://${HOST}:${port(NO_CORS_PORT)}/`,
      env: slotEnv,
    },
    {
      name: suffix + 'oauth',
      command: `${tsNode} e2e/servers/oauth.ts`,
      url: `${at(OAUTH_ORIGIN)}/`,
      env: slotEnv,
    },
    {
      name: suffix + 'modern',
      command: `${tsNode} e2e/servers/modern.ts`,
      url: `http://${HOST}:${port(MODERN_FIXTURE_PORT)}/`,
      env: slotEnv,
    },
    {
      name: suffix + 'no-cors-mcp',
      command: `${tsNode} e2e/servers/no-cors-mcp.ts`,
      port: port(NO_CORS_MCP_PORT),
      env: slotEnv,
    },
    {
      // The relay answers nothing without its token, not even a readiness probe: wait for the port.
      name: suffix + 'relay-http',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_HTTP_PORT)} --lens ${at(APP_URL)} ${at(NO_CORS_REAL_MCP_URL)}`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_HTTP_PORT),
    },
    {
      // A stdio server from npm (already a devDependency), run by the relay as a person would.
      name: suffix + 'relay-stdio',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_STDIO_PORT)} --lens ${at(APP_URL)} -- npx --no mcp-server-everything stdio`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_STDIO_PORT),
      // server-everything logs every message it receives to stderr, which the relay passes through.
      stderr: 'ignore',
    },
    {
      // A stdio server that writes to stderr and exits with code 3 when asked: the app's Console and Restart.
      name: suffix + 'relay-console',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_CONSOLE_PORT)} --lens ${at(APP_URL)} -- node --import tsx src/test/servers/stdio-console-fixture.ts`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_CONSOLE_PORT),
      stderr: 'ignore',
    },
    {
      // OAuth through the relay: in front of the OAuth fixture, whose metadata names the fixture, not the relay.
      name: suffix + 'relay-oauth',
      command: `${tsNode} src/node/relay/main.ts --port ${port(RELAY_OAUTH_PORT)} --lens ${at(APP_URL)} ${at(oauthMcpUrl('consent'))}`,
      env: { ...slotEnv, MCP_LENS_RELAY_TOKEN: E2E_RELAY_TOKEN },
      port: port(RELAY_OAUTH_PORT),
    },
    {
      name: suffix + 'fake-provider',
      command: `${tsNode} e2e/servers/fake-provider.ts`,
      url: `http://${HOST}:${port(FAKE_PROVIDER_PORT)}/`,
      env: slotEnv,
    },
    {
      name: suffix + 'hostile',
      command: `${tsNode} e2e/servers/hostile.ts`,
      url: `http://${HOST}:${port(HOSTILE_PORT)}/`,
      env: slotEnv,
    },
    {
      // POST only: GET answers 405, which does not count as up; wait for the port.
      name: suffix + 'bad-discover',
      command: `${tsNode} e2e/servers/errors.ts`,
      port: port(BAD_DISCOVER_PORT),
      env: slotEnv,
    },
    {
      name: suffix + 'broken-audit',
      command: `${tsNode} e2e/servers/broken-audit.ts`,
      url: `http://${HOST}:${port(BROKEN_AUDIT_PORT)}/`,
      env: slotEnv,
    },
  ];
}
