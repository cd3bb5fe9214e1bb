/**
 * The engine's `runAudit`: the checks of ./checks run against the current session, one run at a time per
 * connection (their requests are told apart in the log by check id, so two runs would tangle).
 */
import type { AuditApi, AuditRefusal } from '../../shared/audit.ts';
import type { EngineError } from '../../shared/errors.ts';
import { redactUrl } from '../../shared/redact.ts';
import { isProtocolEra } from '../../shared/era-profile.ts';
import type { FeatureContext, Handlers } from '../features/feature-context.ts';
import { AUDIT_CHECKS } from './checks/index.ts';
import { runChecks, selectChecks } from './runner.ts';
import { buildNamedProbe } from '../../shared/audit-probe.ts';
import { RELAY_TOKEN_HEADER } from '../../shared/relay.ts';
import type { Session } from '../session/session.ts';
import type { RawHttp } from '../wire/raw-http.ts';
import { fetchRawHttp, type HttpProbe } from './probe.ts';
import { createProbeLog } from './probe-log.ts';
import { refusedReport, type RefusedRun } from './refused.ts';
import { openRelayProbe } from './relay-probe.ts';
import { createAuditSender } from './sender.ts';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
const MAX_RUN_ID_CHARS = 200;

/** `rawHttp`: the environment's unrestricted probe (the command line's); without it probes use the engine's fetch. */
export function auditHandlers(ctx: FeatureContext, rawHttp?: RawHttp): Handlers<AuditApi> {
  let running = false;
  return {
    async runAudit({ runId, options = {}, refused }, signal) {
      if (typeof runId !== 'string' || runId === '' || runId.length > MAX_RUN_ID_CHARS)
        throw {
          code: 'invalid-input',
          message: 'An audit needs a run id (a short string) to report its progress under.',
        } satisfies EngineError;
      if (running)
        throw {
          code: 'invalid-input',
          message: 'An audit is already running on this connection; cancel it or wait for it to end.',
        } satisfies EngineError;
      if (refused !== undefined)
        return refusedReport({
          runId,
          ...validRefusal(refused),
          checks: selectChecks(AUDIT_CHECKS, Array.isArray(options.checks) ? options.checks : undefined),
          now: () => ctx.clock.now(),
          emit: (update) => ctx.emit({ type: 'audit', runId, update }),
        });
      const session = ctx.requireSession();
      const { summary } = session;
      // The caller's signal, if any, cancels the run; the command line runs without one.
      const stop = new AbortController();
      signal?.addEventListener('abort', () => stop.abort(signal.reason), { once: true });
      running = true;
      const timeoutMs = validTimeout(options.requestTimeoutMs);
      try {
        const http = await probeFor(ctx, session, rawHttp, { signal: stop.signal, timeoutMs });
        return await runChecks({
          runId,
          checks: selectChecks(AUDIT_CHECKS, Array.isArray(options.checks) ? options.checks : undefined),
          target: {
            url: redactUrl(summary.url),
            server: { name: summary.server.name, version: summary.server.version },
            era: summary.era,
            protocolVersion: summary.protocolVersion,
            transport: summary.transport,
          },
          capabilities: summary.capabilities,
          options,
          send: createAuditSender({
            ctx,
            client: session.client,
            timeoutMs,
            signal: stop.signal,
            alive: () => {
              try {
                return ctx.requireSession() === session;
              } catch {
                return false;
              }
            },
          }),
          http,
          probeLog: createProbeLog(ctx.beside),
          clock: ctx.clock,
          emit: (update) => ctx.emit({ type: 'audit', runId, update }),
          signal: stop.signal,
        });
      } finally {
        running = false;
      }
    },
  };
}

/**
 * Where the probes go out from. Through a relay, the relay (even where `rawHttp` is given: the session's URL
 * is then the relay's, and the server is behind it); otherwise the environment's unrestricted probe, or the
 * engine's own fetch, which sends no named probe (the runner says those checks cannot run in a browser).
 */
async function probeFor(
  ctx: FeatureContext,
  session: Session,
  rawHttp: RawHttp | undefined,
  options: { signal: AbortSignal; timeoutMs: number },
): Promise<HttpProbe> {
  const url = new URL(session.summary.url);
  const noNamed = () =>
    Promise.reject(new Error('A page cannot send this probe; run the command line, or connect through the local relay.'));
  const { relayToken } = session;
  if (relayToken !== undefined && session.summary.transport === 'streamable-http') {
    const relay = await openRelayProbe({ fetch: ctx.fetch, relayUrl: url, token: relayToken, ...options });
    if (!('unavailable' in relay)) return relay;
    ctx.note('info', relay.unavailable);
    // Plain probes still pass the relay's front door with its token; named ones have nowhere to go.
    const plain = fetchRawHttp(ctx.fetch);
    return {
      unrestricted: false,
      target: url,
      url,
      send: (request) => plain(url.href, { ...request, headers: { ...request.headers, [RELAY_TOKEN_HEADER]: relayToken } }, options),
      sendNamed: noNamed,
    };
  }
  const send = rawHttp ?? fetchRawHttp(ctx.fetch);
  return {
    unrestricted: rawHttp !== undefined,
    target: url,
    url,
    send: (request) => send(url.href, request, options),
    sendNamed: (named) => (rawHttp ? rawHttp(url.href, buildNamedProbe(named, url), options) : noNamed()),
  };
}

const MAX_REFUSAL_CHARS = 2000;

/** A refusal from across the boundary, bounded: its strings cut short, its era one of the two or none. */
function validRefusal(refused: AuditRefusal): Pick<RefusedRun, 'url' | 'era' | 'error'> {
  const text = (value: unknown, fallback: string) => (typeof value === 'string' ? value.slice(0, MAX_REFUSAL_CHARS) : fallback);
  const error = (typeof refused?.error === 'object' && refused.error !== null ? refused.error : {}) as Partial<EngineError>;
  const era = isProtocolEra(refused?.era) ? refused.era : undefined;
  return {
    url: text(refused?.url, ''),
    era,
    error: {
      code: (typeof error.code === 'string' ? error.code : 'internal') as EngineError['code'],
      message: text(error.message, 'The connection failed, and the engine gave no reason.'),
      ...(typeof error.detail === 'string' && { detail: error.detail.slice(0, MAX_REFUSAL_CHARS) }),
      ...(typeof error.httpStatus === 'number' && { httpStatus: error.httpStatus }),
    },
  };
}

/** A request timeout the UI may set, within 1 s and 10 minutes; anything else takes the default. */
function validTimeout(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 1000 && value <= 600_000 ? value : DEFAULT_REQUEST_TIMEOUT_MS;
}
