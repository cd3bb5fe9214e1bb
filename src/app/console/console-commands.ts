/**
 * Restart: the stdio server behind the local relay started again, and the connection opened on it again. The
 * relay starts the command of its own command line; nothing here names one (docs/relay.md#the-console).
 */
import type { EngineClient } from '../../bridge/index.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import type { HeaderPair } from '../../shared/model.ts';
import { isRelayAddress, usesRelay } from '../../shared/relay.ts';
import { checkServerUrl } from '../../shared/url.ts';
import { usableHeaders } from '../connection/header-pairs.ts';
import type { ConnectionCommands } from '../connection/connection-commands.ts';
import type { Stores } from '../stores.ts';

/** Why Restart cannot run for what the connection bar holds, or null when it can. */
export function restartUnavailable(input: { url: string; headers: readonly HeaderPair[] }): string | null {
  const checked = checkServerUrl(input.url);
  if (!checked.ok || !isRelayAddress(new URL(checked.url)) || !usesRelay(input.headers))
    return 'Restart is for a stdio server behind the local relay: connect through the relay first.';
  return null;
}

export function consoleCommands(
  client: EngineClient,
  stores: Pick<Stores, 'connection'>,
  connection: Pick<ConnectionCommands, 'connect' | 'disconnect'>,
) {
  /** Resolves with the error when the relay could not restart the server; the connect's own failure is the phase's. */
  async function restartServer(): Promise<EngineError | null> {
    const { input } = stores.connection.getState();
    const unavailable = restartUnavailable(input);
    if (unavailable !== null) return { code: 'invalid-input', message: unavailable };
    const checked = checkServerUrl(input.url);
    if (!checked.ok) return { code: 'invalid-url', message: checked.reason };
    // The old session's child is about to go: end it first, so its end is not reported as a crash.
    if (stores.connection.getState().phase !== 'failed') await connection.disconnect();
    try {
      await client.call('restartRelayServer', { url: checked.url, headers: usableHeaders(input.headers) });
    } catch (error) {
      return asEngineError(error);
    }
    await connection.connect();
    return null;
  }
  return { restartServer };
}
