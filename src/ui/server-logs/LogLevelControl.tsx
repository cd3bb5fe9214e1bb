import { useId } from 'react';
import { SERVER } from '../../app/index.ts';
import { isLogLevel, LOG_LEVEL_OFF, LOG_LEVELS } from '../../shared/logging-api.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useLatestCall, useScope, useStoreOf } from '../services.tsx';

/**
 * The server's log level. 2025: logging/setLevel, once, for the session. 2026-07-28: a level on every
 * request (no level, no log messages), so it is "per request" and Off is a choice.
 */
export function LogLevelControl() {
  const perRequest = useScope().protocol.logLevelVia === 'request-meta';
  const { startCall } = useCommands().jobs;
  const job = useLatestCall('log-level', SERVER);
  const pending = job?.status === 'running';
  const level = useStoreOf('serverLog', (s) => s.logLevel);
  const id = useId();
  const hintId = useId();
  const choose = (value: string) => {
    if (isLogLevel(value) || (perRequest && value === LOG_LEVEL_OFF)) startCall('log-level', { level: value });
  };
  return (
    <>
      <label htmlFor={id} className="logs-control">
        {perRequest ? 'Log level per request' : 'Server log level'}
        <select
          id={id}
          className="input input-small"
          value={level ?? (perRequest ? LOG_LEVEL_OFF : '')}
          disabled={pending}
          aria-describedby={perRequest ? hintId : undefined}
          onChange={(event) => choose(event.target.value)}
        >
          {perRequest ? (
            <option value={LOG_LEVEL_OFF}>Off</option>
          ) : (
            <option value="" disabled>
              server default
            </option>
          )}
          {LOG_LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      {perRequest && (
        <span id={hintId} className="visually-hidden">
          Sent with every request; Off sends none, and the server then sends no log messages.
        </span>
      )}
      {pending && <span className="muted">Setting…</span>}
      {job?.error && <ErrorDetails error={job.error} lead="Could not set the level" />}
    </>
  );
}
