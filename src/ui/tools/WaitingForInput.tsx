import { MAX_INPUT_ROUNDS, type PendingServerRequest } from '../../shared/client-features.ts';
import { useServerRequests } from '../services.tsx';

/**
 * While a call runs, says when it is the person it waits for: the server asked for input during this tool's
 * call (a 2025 server request, or a 2026-07-28 input_required round) and the dialog is open.
 */
export function WaitingForInput({ tool }: { tool: string }) {
  const forThisCall = (r: PendingServerRequest) => r.related?.method === 'tools/call' && r.related.target === tool;
  // Selectors return stable values (an entry, a count), never a fresh array.
  const first = useServerRequests((state) => state.pending.find(forThisCall));
  const count = useServerRequests((state) => state.pending.filter(forThisCall).length);
  if (!first) return null;
  const round = first.related?.round;
  const what = count === 1 ? 'a question' : `${count} questions`;
  return (
    <p className="waiting-for-input" role="status">
      {round !== undefined ? `Round ${round} of at most ${MAX_INPUT_ROUNDS}: ` : ''}
      the server asked {what} — waiting for you to answer in the dialog. The call's timeout is paused until you answer.
    </p>
  );
}
