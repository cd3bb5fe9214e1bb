/**
 * Connect, Disconnect, Ping and the log level. The engine decides which attempt wins (a newer Connect or
 * Disconnect supersedes one in flight) and announces every phase; these commands only start the work and
 * act on its result.
 */
import type { EngineClient } from '../../bridge/index.ts';
import { asEngineError, isEngineError, type EngineError } from '../../shared/errors.ts';
import { headerProblems, usableHeaders } from './header-pairs.ts';
import { LOG_LEVEL_OFF, type LogLevelChoice } from '../../shared/logging-api.ts';
import type { ConnectParams, EraChoice, ServerSummary } from '../../shared/model.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { profileOf } from '../../shared/era-profile.ts';
import { usesRelay } from '../../shared/relay.ts';
import { eraEndpoint, verdictOf } from '../../state/index.ts';
import type { AppEffects } from '../effects.ts';
import type { Stores } from '../stores.ts';

/**
 * A 2026-07-28 server sends log messages only for requests that carry a level; starting at "info" shows
 * what a 2025 server shows by default, so the Logs tab does not look empty just because the era changed.
 */
const MODERN_DEFAULT_LOG_LEVEL = 'info';

/**
 * `announceFailure` reaches the phase's one writer (the event router) for the rare failure the engine could
 * not announce itself: the worker or the boundary broke before the engine saw the call.
 */
export function connectionCommands(
  client: EngineClient,
  stores: Stores,
  effects: Pick<AppEffects, 'now'>,
  announceFailure: (error: EngineError) => void,
) {
  const { connection, clientFeatures, prefs, serverLog, audit } = stores;
  /** Aborted by the next Connect or Disconnect, so the engine stops waiting for a stale attempt. */
  let inFlight: AbortController | null = null;

  /** Remembers the era this endpoint spoke, and on 2026-07-28 asks for log messages as a 2025 server sends them. */
  function afterConnect(summary: ServerSummary, era: EraChoice, endpoint: string | undefined) {
    const verdict = verdictOf(era, summary);
    if (verdict && endpoint) prefs.getState().actions.rememberEra(endpoint, verdict, effects.now());
    if (profileOf(summary.era).logLevelVia !== 'request-meta') return;
    // Sent at once, ahead of the lists the tabs ask for once connected: the level travels with each request.
    void setLogLevel(MODERN_DEFAULT_LOG_LEVEL).catch(() => serverLog.getState().actions.setLogLevel(LOG_LEVEL_OFF));
  }

  /** Connects to what the connection bar holds. `eraOverride` connects once in another era (e.g. "Connect as 2025"). */
  async function connect(eraOverride?: EraChoice): Promise<ServerSummary | undefined> {
    const { input } = connection.getState();
    const checked = checkServerUrl(input.url);
    if (!checked.ok || headerProblems(input.headers).length > 0) return undefined;
    const era = eraOverride ?? input.era;
    // A relay's address is not a server's: it fronts whatever it was started for, and keeps what it learned
    // of its stdio server's era itself, for that process's life (docs/relay.md). Nothing is remembered for it.
    const endpoint = usesRelay(input.headers) ? undefined : eraEndpoint(checked.url);
    const knownEra = era === 'auto' && endpoint !== undefined ? prefs.getState().knownEras[endpoint] : undefined;
    const params: ConnectParams = {
      url: checked.url,
      headers: usableHeaders(input.headers),
      transport: input.transport,
      era,
      ...(knownEra && { knownEra }),
      clientFeatures: clientFeatures.getState().settings,
    };
    // With the era it used: after "Connect as 2025" the session is 2025 whatever the bar says.
    connection.getState().actions.sent({ ...input, era });
    inFlight?.abort();
    const attempt = new AbortController();
    inFlight = attempt;
    audit.getState().actions.connectRefused(null);
    try {
      const summary = await client.call('connect', params, attempt.signal);
      afterConnect(summary, era, endpoint);
      return summary;
    } catch (error) {
      // The Audit tab can still write a report on this server: one that says why it could not be talked to.
      if (inFlight === attempt && !(isEngineError(error) && error.code === 'cancelled'))
        audit.getState().actions.connectRefused({ url: params.url, ...(era !== 'auto' && { era }), error: asEngineError(error) });
      // Normally on screen already: the engine announced the failure as the connection's phase.
      const unannounced = connection.getState().phase === 'connecting' && inFlight === attempt;
      if (unannounced && !(isEngineError(error) && error.code === 'cancelled')) announceFailure(asEngineError(error));
      return undefined;
    } finally {
      if (inFlight === attempt) inFlight = null;
    }
  }

  async function disconnect(): Promise<void> {
    inFlight?.abort();
    inFlight = null;
    // The session is over for the user either way; a failing DELETE is visible in the log.
    await client.call('disconnect', undefined).catch(() => undefined);
  }

  /** Round-trip time of one ping (2025 sessions; 2026-07-28 has no ping and says so). */
  async function ping(signal?: AbortSignal, job?: string): Promise<{ latencyMs: number; at: number }> {
    const { latencyMs } = await client.call('ping', undefined, signal, job);
    return { latencyMs, at: effects.now() };
  }

  /** Sets the level the server logs at (2025: logging/setLevel; 2026-07-28: carried on every request). */
  async function setLogLevel(level: LogLevelChoice, signal?: AbortSignal, job?: string): Promise<void> {
    await client.call('setLogLevel', { level }, signal, job);
    serverLog.getState().actions.setLogLevel(level);
  }

  return { connect, connectAsLegacy: () => connect('legacy'), disconnect, ping, setLogLevel };
}

export type ConnectionCommands = ReturnType<typeof connectionCommands>;
