import { SERVER } from '../../app/index.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { useId } from 'react';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useCommands, useLatestCall, useScope } from '../services.tsx';

const PING_NOT_IN_MODERN = 'Ping is not in 2026-07-28';

/** Sends `ping` and shows the round-trip time (or why it failed). */
export function PingButton() {
  const { startCall } = useCommands().jobs;
  // The latest ping of this connection, from this button or the command palette: a job, not this view's.
  const ping = useLatestCall('ping', SERVER);
  const pending = ping?.status === 'running';
  // A saved session is not connected to anything: say so rather than fail.
  const { readOnly, protocol } = useScope();
  // 2026-07-28 removed ping: not an error to run into, a fact to state (each request's time is in the log).
  const noPing = !protocol.ping;
  const readOnlyId = useId();
  const noPingId = useId();
  return (
    <div className="ping">
      <button
        type="button"
        className="button button-small"
        onClick={() => startCall('ping', {})}
        disabled={pending || readOnly !== null || noPing}
        aria-describedby={noPing ? noPingId : readOnly ? readOnlyId : undefined}
      >
        Ping
      </button>
      {noPing ? (
        <span
          id={noPingId}
          className="read-only-note"
          role="note"
          title="MCP 2026-07-28 removed ping; each request's round trip is in the Message log."
        >
          {PING_NOT_IN_MODERN}
        </span>
      ) : (
        readOnly && <ReadOnlyNote id={readOnlyId} reason={readOnly} />
      )}
      <span className="ping-result" role="status" aria-label="Ping result">
        {pending
          ? 'Pinging…'
          : ping?.result
            ? `${formatDuration(ping.result.latencyMs)} round trip (at ${formatTime(ping.result.at)})`
            : ping?.error
              ? `Ping failed: ${ping.error.message}`
              : ''}
      </span>
    </div>
  );
}
