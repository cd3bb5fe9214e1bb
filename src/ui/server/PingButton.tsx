import { useMutation } from '@tanstack/react-query';
import type { EngineError } from '../../shared/errors.ts';
import type { PingResult } from '../../shared/model.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { useEngineClient } from '../services.tsx';

/** Sends `ping` and shows the round-trip time (or why it failed). */
export function PingButton() {
  const client = useEngineClient();
  const mutation = useMutation<PingResult & { at: number }, EngineError>({
    mutationFn: async () => ({ ...(await client.call('ping', undefined)), at: Date.now() }),
  });
  return (
    <div className="ping">
      <button type="button" className="button button-small" onClick={() => mutation.mutate()} disabled={mutation.isPending}>
        Ping
      </button>
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
