import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { RELAY_PROBE_PATH } from '../../shared/audit-probe.ts';
import { RELAY_MCP_PATH, RELAY_UPSTREAM_STATUS_HEADER, RELAY_VERSION_HEADER } from '../../shared/relay.ts';
import { RELAY_CONSOLE_PATH, RELAY_RESTART_PATH, type ProcessExit } from '../../shared/relay-console.ts';
import { toWebRequest, writeWebResponse } from '../http/node-http.ts';
import type { RelayTarget } from './args.ts';
import { createAuditProbeEndpoint, MAX_PROBE_REQUEST_BYTES, type AuditProbeEndpoint } from './audit-probe.ts';
import { checkRequest, corsHeaders, preflightHeaders, type FrontDoorPolicy } from './front-door.ts';
import { createHttpForwarder, type RelayHandler } from './forward-http.ts';
import { readBodyOrId, requestIdOfBytes, type RequestId } from './request-id.ts';
import { startStdioBridge, type StdioBridge } from './stdio-bridge.ts';
import { terminalText } from '../terminal-text.ts';

/** Request bodies larger than this are refused: MCP requests are small, and the relay holds each in memory. */
const MAX_RELAY_BODY_BYTES = 4 * 1024 * 1024;
/**
 * How much of a refused body is read, keeping nothing past the body limit, for the id its refusal carries
 * (request-id.ts). Past this the id is not looked for: the answer says `"id": null`.
 */
const SCAN_FACTOR = 16;

export interface RelayConfig {
  target: RelayTarget;
  /** @default 0 (a free port) */
  port?: number;
  /** Origins whose pages may use the relay (values from parseAllowedOrigin). */
  allowedOrigins: readonly string[];
  /** One line per request, never a header value, a body or a token. */
  log(line: string): void;
  /** The stdio child exited on its own (the relay stays up: the app shows why and may restart it). */
  onTargetExit?(exit: ProcessExit, lastLine: string | undefined): void;
  /** Each stderr line of the stdio child, for the relay's terminal. */
  onTargetStderr?(line: string): void;
  /**
   * How long a stdio server may leave the era probe (`server/discover`) unanswered before the relay answers
   * it as a 2025 server would (stdio-era.ts). Tests raise it: a child slow to start is not a 2025 one.
   */
  stdioProbeTimeoutMs?: number;
  /** For tests: a fetch standing in for the network. */
  fetch?: typeof fetch;
  /** @default MAX_RELAY_BODY_BYTES */
  maxBodyBytes?: number;
  /** A token chosen by a script (tests, the CLI); otherwise a fresh random one. */
  token?: string | undefined;
  /** MCP Lens's version, sent on every answer past the token check, so the app can say when it differs from its own. */
  version?: string;
}

export interface RunningRelay {
  /** The relay's MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  /** This run's token: printed once, for the person who started the relay. */
  token: string;
  close(): Promise<void>;
}

/** A fresh 256-bit token per run, so a page that learned an earlier one has nothing. */
const newToken = () => randomBytes(32).toString('base64url');

/**
 * Starts the relay on 127.0.0.1, in front of one target fixed here and never changed: every request passes
 * the front door (front-door.ts) before the target sees a byte of it.
 */
export async function startRelay(given: RelayConfig): Promise<RunningRelay> {
  // A logged line may quote what a request said (a refused Origin): neutralised once, here, before a terminal.
  const config: RelayConfig = { ...given, log: (line) => given.log(terminalText(line)) };
  const policy: FrontDoorPolicy = { token: config.token ?? newToken(), allowedOrigins: new Set(config.allowedOrigins) };
  const maxBodyBytes = config.maxBodyBytes ?? MAX_RELAY_BODY_BYTES;
  const maxScanBytes = maxBodyBytes * SCAN_FACTOR;
  let target: { handle: RelayHandler; close(): Promise<void> };
  // A stdio target's console and restart (stdio-console.ts); an HTTP target has neither.
  let stdio: StdioBridge | undefined;
  // An HTTP target's probe endpoint (audit-probe.ts); a stdio target has no HTTP to probe.
  let probes: AuditProbeEndpoint | undefined;
  if (config.target.kind === 'http') {
    const forwarder = createHttpForwarder(config.target.url, config.fetch);
    probes = createAuditProbeEndpoint(config.target.url);
    policy.alsoServes = { has: (requestTarget) => requestTarget === RELAY_PROBE_PATH || forwarder.alsoServes.has(requestTarget) };
    target = { handle: forwarder.handle, close: async () => undefined };
  } else {
    stdio = await startStdioBridge({
      command: config.target.command,
      args: config.target.args,
      ...(config.target.env && { env: config.target.env }),
      onExit: (exit, lastLine) => config.onTargetExit?.(exit, lastLine),
      ...(config.onTargetStderr && { onStderr: config.onTargetStderr }),
      ...(config.stdioProbeTimeoutMs !== undefined && { probeTimeoutMs: config.stdioProbeTimeoutMs }),
    });
    target = stdio;
    policy.alsoServes = new Set([RELAY_CONSOLE_PATH, RELAY_RESTART_PATH]);
  }
  let origin = '';

  const httpServer = createServer((req, res) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const cors: Record<string, string> = corsHeaders(req.headers.origin, policy.allowedOrigins);
    const refuse = (status: number, message: string, id: RequestId | null) => {
      config.log(`refused ${method} (${status}): ${message}`);
      sendError(res, status, message, cors, id);
    };
    const refusal = checkRequest({ method, target: req.url ?? '', headers: req.headers }, policy);
    if (refusal) {
      // The body goes nowhere: it is read only for the id the refusal carries, so the client can pair them.
      readBodyOrId(req, maxBodyBytes, maxScanBytes).then(
        (read) => refuse(refusal.status, refusal.message, read.ok ? requestIdOfBytes(read.bytes) : read.id),
        () => refuse(refusal.status, refusal.message, null),
      );
      return;
    }
    if (method === 'OPTIONS') {
      res.writeHead(204, preflightHeaders(req.headers, policy.allowedOrigins)).end();
      return;
    }
    // Past the front door: what the page reads from here on says which relay answered.
    if (config.version !== undefined) Object.assign(cors, { [RELAY_VERSION_HEADER]: config.version });
    const controller = new AbortController();
    res.on('close', () => controller.abort());
    if (stdio && (req.url === RELAY_CONSOLE_PATH || req.url === RELAY_RESTART_PATH)) {
      answerConsole(stdio, req, res, cors, config.log);
      return;
    }
    if (probes && req.url === RELAY_PROBE_PATH) {
      const endpoint = probes;
      const answerProbe = async () => {
        const read = method === 'POST' ? await readBodyOrId(req, MAX_PROBE_REQUEST_BYTES, MAX_PROBE_REQUEST_BYTES) : undefined;
        if (read && !read.ok) return refuse(413, `A probe is at most ${MAX_PROBE_REQUEST_BYTES} bytes.`, null);
        const answer = await endpoint.answer(method, read?.bytes, controller.signal);
        config.log(`${answer.logLine} (${answer.status})`);
        res
          .writeHead(answer.status, { ...cors, 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
          .end(JSON.stringify(answer.body));
      };
      answerProbe().catch((error: unknown) => {
        config.log(`probe failed: ${(error as Error).name}`);
        sendError(res, 500, 'The relay failed to send this probe; its console says more.', cors, null);
      });
      return;
    }
    // The metadata paths are fixed strings; a legacy message endpoint's query names a session, which the
    // log does not need.
    const where = req.url === RELAY_MCP_PATH || req.url?.startsWith('/.well-known/') ? req.url : 'message endpoint';
    let body: Uint8Array<ArrayBuffer> | undefined;
    const forward = async () => {
      if (method === 'POST') {
        // Bytes, not text: what the target receives is exactly what was sent, valid UTF-8 or not.
        const read = await readBodyOrId(req, maxBodyBytes, maxScanBytes);
        if (!read.ok) return refuse(413, `Request body too large (the relay's limit is ${maxBodyBytes} bytes).`, read.id);
        body = new Uint8Array(read.bytes);
      }
      const response = await target.handle(toWebRequest(req, origin, body, controller.signal));
      const upstream = response.headers.get(RELAY_UPSTREAM_STATUS_HEADER);
      config.log(`${method} ${where} → ${response.status}${upstream ? ` (upstream ${upstream})` : ''} in ${Date.now() - started} ms`);
      await writeWebResponse(res, response, cors);
    };
    forward().catch((error: unknown) => {
      config.log(`${method} ${where} failed: ${(error as Error).name}`);
      if (!res.headersSent)
        sendError(res, 500, 'The relay failed to forward this request; its console says more.', cors, requestIdOfBytes(body));
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    // Loopback only, and not configurable: the relay is for the person at this machine.
    httpServer.listen(config.port ?? 0, '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const { port } = httpServer.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}${RELAY_MCP_PATH}`,
    token: policy.token,
    close: () => {
      closing ??= (async () => {
        await target.close();
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          // Open event streams would otherwise keep close() waiting.
          httpServer.closeAllConnections();
        });
      })();
      return closing;
    },
  };
}

/**
 * `GET /relay/console` streams the child's console; `POST /relay/restart` starts the relay's one command again
 * (nothing in the request can name another). Both passed the front door: Host, Origin and the token.
 */
function answerConsole(
  stdio: StdioBridge,
  req: IncomingMessage,
  res: ServerResponse,
  cors: Record<string, string>,
  log: (line: string) => void,
): void {
  const method = req.method ?? 'GET';
  if (req.url === RELAY_CONSOLE_PATH && method === 'GET') {
    const lastEventId = req.headers['last-event-id'];
    stdio.console.serve(res, cors, typeof lastEventId === 'string' ? lastEventId : undefined);
    return;
  }
  if (req.url === RELAY_RESTART_PATH && method === 'POST') {
    // The body, if any, says nothing the relay reads; drained so the connection can be reused.
    req.resume();
    log('restarting the stdio server (asked by MCP Lens)');
    stdio.restart().then(
      () => res.writeHead(204, cors).end(),
      (error: unknown) => {
        log(`restart failed: ${(error as Error).message}`);
        sendError(res, 500, `The relay could not start the stdio server again: ${(error as Error).message}`, cors, null);
      },
    );
    return;
  }
  req.resume();
  sendError(res, 405, `Method not allowed. Use GET for ${RELAY_CONSOLE_PATH} and POST for ${RELAY_RESTART_PATH}.`, cors, null);
}

/** The relay's own refusal, with the request's id when its body showed one (JSON-RPC: null only when it cannot). */
function sendError(res: ServerResponse, status: number, message: string, cors: Record<string, string>, id: RequestId | null): void {
  if (res.headersSent) return void res.end();
  res
    // A refused body may still be on its way: the connection ends with this answer instead of reading it.
    .writeHead(status, { ...cors, 'Content-Type': 'application/json', ...(status === 413 && { Connection: 'close' }) })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id }));
}
