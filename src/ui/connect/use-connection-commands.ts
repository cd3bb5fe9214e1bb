import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { forgetSession } from '../../queries/index.ts';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import { LOG_LEVEL_OFF } from '../../shared/logging-api.ts';
import type { ConnectParams, EraChoice, ServerSummary } from '../../shared/model.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { eraOrigin, verdictOf } from '../../state/index.ts';
import { useServices, type AppServices } from '../services.tsx';
import { headerProblems, usableHeaders } from './headers.ts';

/**
 * A 2026-07-28 server sends log messages only for requests that carry a level; starting at "info" shows
 * what a 2025 server shows by default, so the Logs tab does not look empty just because the era changed.
 */
export const MODERN_DEFAULT_LOG_LEVEL = 'info';

/**
 * Connect and Disconnect. Only the latest attempt may change the phase: a Disconnect (or a second Connect)
 * aborts the attempt in flight, and its late answer is ignored.
 */
export function useConnectionCommands() {
  const services = useServices();
  const { client, connection, clientFeatures, prefs } = services;
  const queryClient = useQueryClient();
  const attempt = useRef<AbortController | null>(null);

  /** `eraOverride` connects this once in another era than the setting says (e.g. "Connect as 2025"). */
  const open = useCallback(
    async (eraOverride?: EraChoice) => {
      const { input, phase, actions } = connection.getState();
      const checked = checkServerUrl(input.url);
      if (!checked.ok || headerProblems(input.headers).length > 0) return;
      const era = eraOverride ?? input.era;
      const origin = eraOrigin(checked.url);
      const knownEra = era === 'auto' && origin !== undefined ? prefs.getState().knownEras[origin] : undefined;

      attempt.current?.abort();
      const controller = new AbortController();
      attempt.current = controller;
      actions.connecting();
      forgetSession(queryClient);
      const params: ConnectParams = {
        url: checked.url,
        headers: usableHeaders(input.headers),
        transport: input.transport,
        era,
        ...(knownEra && { knownEra }),
        clientFeatures: clientFeatures.getState().settings,
      };
      try {
        if (phase === 'connected') await client.call('disconnect', undefined).catch(() => undefined);
        const summary = await client.call('connect', params, controller.signal);
        if (attempt.current !== controller) return;
        actions.connected(summary);
        afterConnect(services, summary, era, origin);
      } catch (error) {
        if (attempt.current !== controller) return;
        actions.failed(asEngineError(error));
      } finally {
        if (attempt.current === controller) attempt.current = null;
      }
    },
    [services, client, connection, clientFeatures, prefs, queryClient],
  );

  const connect = useCallback(() => open(), [open]);
  const connectAsLegacy = useCallback(() => open('legacy'), [open]);

  const disconnect = useCallback(async () => {
    attempt.current?.abort();
    attempt.current = null;
    connection.getState().actions.disconnected();
    forgetSession(queryClient);
    // The session is over for the user either way; a failing DELETE is visible in the log.
    await client.call('disconnect', undefined).catch(() => undefined);
  }, [client, connection, queryClient]);

  return { connect, connectAsLegacy, disconnect };
}

/** Remembers the era this origin spoke, and on 2026-07-28 asks for log messages as a 2025 server sends them. */
function afterConnect({ client, prefs, feed }: AppServices, summary: ServerSummary, era: EraChoice, origin: string | undefined) {
  const verdict = verdictOf(era, summary);
  if (verdict && origin) prefs.getState().actions.rememberEra(origin, verdict, Date.now());
  if (summary.era !== 'modern') return;
  // Sent at once, ahead of the lists the tabs ask for once connected: the level travels with each request.
  void client.call('setLogLevel', { level: MODERN_DEFAULT_LOG_LEVEL }).then(
    () => feed.getState().actions.setLogLevel(MODERN_DEFAULT_LOG_LEVEL),
    () => feed.getState().actions.setLogLevel(LOG_LEVEL_OFF),
  );
}

function asEngineError(error: unknown): EngineError {
  if (isEngineError(error)) return error;
  return { code: 'internal', message: 'The connection failed unexpectedly.', detail: String(error) };
}
