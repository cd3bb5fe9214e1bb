import { useMutation } from '@tanstack/react-query';
import type { EngineError } from '../../shared/errors.ts';
import type { PingResult } from '../../shared/model.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { useId } from 'react';
import { ReadOnlyNote } from '../session-file/ReadOnlyNote.tsx';
import { useCommands, useScope } from '../services.tsx';

const PING_NOT_IN_MODERN = 'Ping is not in 2026-07-28';

/** Sends `ping` and shows the round-trip time (or why it failed). */
export function PingButton() {
  const { ping } = useCommands();
  // A saved session is not connected to anything: say so rather than fail.
  const { readOnly, protocol } = useScope();
  // 2026-07-28 removed ping: not an error to run into, a fact to state (each request's time is in the log).
  const noPing = !protocol.ping;
  const readOnlyId = useId();
  const noPingId = useId();
  const mutation = useMutation<PingResult & { at: number }, EngineError>({
    mutationFn: ping,
  });
  return (
    <div className="ping">
      <button
        type="button"
        className="button button-small"
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending || readOnly !== null || noPing}
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
        {mutation.isPending
          ? 'Pinging…'
          : mutation.data
            ? `${formatDuration(mutation.data.latencyMs)} round trip (at ${formatTime(mutation.data.at)})`
            : mutation.error
              ? `Ping failed: ${mutation.error.message}`
              : ''}
      </span>
    </div>
  );
}
