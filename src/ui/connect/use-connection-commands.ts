import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { forgetSession } from '../../queries/index.ts';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import type { ConnectParams } from '../../shared/model.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { useServices } from '../services.tsx';
import { headerProblems, usableHeaders } from './headers.ts';

/**
 * Connect and Disconnect. Only the latest attempt may change the phase: a Disconnect (or a second Connect)
 * aborts the attempt in flight, and its late answer is ignored.
 */
export function useConnectionCommands() {
  const { client, connection, clientFeatures } = useServices();
  const queryClient = useQueryClient();
  const attempt = useRef<AbortController | null>(null);

  const connect = useCallback(async () => {
    const { input, phase, actions } = connection.getState();
    const checked = checkServerUrl(input.url);
    if (!checked.ok || headerProblems(input.headers).length > 0) return;

    attempt.current?.abort();
    const controller = new AbortController();
    attempt.current = controller;
    actions.connecting();
    forgetSession(queryClient);
    const params: ConnectParams = {
      url: checked.url,
      headers: usableHeaders(input.headers),
      transport: input.transport,
      clientFeatures: clientFeatures.getState().settings,
    };
    try {
      if (phase === 'connected') await client.call('disconnect', undefined).catch(() => undefined);
      const summary = await client.call('connect', params, controller.signal);
      if (attempt.current === controller) actions.connected(summary);
    } catch (error) {
      if (attempt.current !== controller) return;
      actions.failed(asEngineError(error));
    } finally {
      if (attempt.current === controller) attempt.current = null;
    }
  }, [client, connection, clientFeatures, queryClient]);

  const disconnect = useCallback(async () => {
    attempt.current?.abort();
    attempt.current = null;
    connection.getState().actions.disconnected();
    forgetSession(queryClient);
    // The session is over for the user either way; a failing DELETE is visible in the log.
    await client.call('disconnect', undefined).catch(() => undefined);
  }, [client, connection, queryClient]);

  return { connect, disconnect };
}

function asEngineError(error: unknown): EngineError {
  if (isEngineError(error)) return error;
  return { code: 'internal', message: 'The connection failed unexpectedly.', detail: String(error) };
}
