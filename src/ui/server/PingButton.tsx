import { useMutation } from '@tanstack/react-query';
import type { EngineError } from '../../shared/errors.ts';
import type { PingResult } from '../../shared/model.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { useId } from 'react';
import { ReadOnlyNote } from '../session/ReadOnlyNote.tsx';
import { useEngineClient, useSession } from '../services.tsx';

/** Sends `ping` and shows the round-trip time (or why it failed). */
export function PingButton() {
  const client = useEngineClient();
  // A saved session is not connected to anything: say so rather than fail.
  const replay = useSession((state) => state.replay !== null);
  const readOnlyId = useId();
  const mutation = useMutation<PingResult & { at: number }, EngineError>({
    mutationFn: async () => ({ ...(await client.call('ping', undefined)), at: Date.now() }),
  });
  return (
    <div className="ping">
      <button
        type="button"
        className="button button-small"
        onClick={() => mutation.mutate()}
        disabled={mutation.isPending || replay}
        aria-describedby={replay ? readOnlyId : undefined}
      >
        Ping
      </button>
      {replay && <ReadOnlyNote id={readOnlyId} />}
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
