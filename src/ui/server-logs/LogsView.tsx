import { useId, useMemo, useState } from 'react';
import { isLogLevel, LOG_LEVELS, type LogLevel } from '../../shared/logging-api.ts';
import { LIST_REFRESH_MS } from '../common/use-throttled-state.ts';
import { DeprecatedBadge } from '../server/DeprecatedBadge.tsx';
import { useScope, useStoreOf, useThrottledStoreOf } from '../services.tsx';
import { atLeast } from './level-filter.ts';
import { LogLevelControl } from './LogLevelControl.tsx';
import { ServerLogList } from './ServerLogList.tsx';
import './server-logs.css';
import { plural } from '../../shared/read.ts';

/** The Logs tab: the server's notifications/message entries, filtered by level, and the level the server is asked for. */
export function LogsView() {
  // A flood of log messages repaints this list ten times a second at most, also while the tab is hidden.
  const { logs, logsEvicted: evicted } = useThrottledStoreOf('serverLog', LIST_REFRESH_MS);
  const { clearLogs } = useStoreOf('serverLog', (s) => s.actions);
  const connected = useStoreOf('connection', (s) => s.phase === 'connected');
  const offersLogging = useStoreOf('connection', (s) => s.summary?.capabilities?.logging !== undefined);
  const logLevel = useStoreOf('serverLog', (s) => s.logLevel);
  const perRequest = useScope().protocol.logLevelVia === 'request-meta';
  const [minimum, setMinimum] = useState<LogLevel>('debug');
  const filterId = useId();

  const shown = useMemo(() => logs.filter((entry) => atLeast(entry.level, minimum)), [logs, minimum]);

  return (
    <div className="server-logs">
      <div className="logs-toolbar">
        <DeprecatedBadge feature="Logging" />
        {connected && offersLogging && <LogLevelControl />}
        <label htmlFor={filterId} className="logs-control">
          Show at least
          <select
            id={filterId}
            className="input input-small"
            value={minimum}
            onChange={(event) => isLogLevel(event.target.value) && setMinimum(event.target.value)}
          >
            {LOG_LEVELS.map((level) => (
              <option key={level} value={level}>
                {level}
              </option>
            ))}
          </select>
        </label>
        <span className="muted logs-count" aria-live="polite">
          {shown.length === logs.length ? `${plural(logs.length, 'message')}` : `${shown.length} of ${logs.length} messages`}
        </span>
        <button type="button" className="button button-small" onClick={clearLogs} disabled={logs.length === 0}>
          Clear logs
        </button>
      </div>
      {connected && !offersLogging && (
        <p className="hint logs-hint">
          This server does not declare logging, so its level cannot be set; any log messages it sends still appear here.
        </p>
      )}
      {evicted > 0 && <p className="log-marker">{evicted} older messages were dropped to stay within the limit.</p>}
      {logs.length === 0 ? (
        <p className="empty-state">
          {connected
            ? perRequest && logLevel === 'off'
              ? 'The log level per request is Off, so this 2026-07-28 server sends no log messages. Choose a level to see them.'
              : 'No log messages from the server yet.'
            : 'Connect to a server; its log messages (notifications/message) appear here.'}
        </p>
      ) : shown.length === 0 ? (
        <p className="empty-state">No messages at {minimum} or above.</p>
      ) : (
        <ServerLogList entries={shown} />
      )}
    </div>
  );
}
