import { MAX_INPUT_ROUNDS, type PendingServerRequest } from '../../shared/client-features.ts';
import { useStoreOf } from '../services.tsx';
import './waiting-for-input.css';

/** `relatedFromBody` in the engine (src/engine/client-features/request-relations.ts) keeps the first 200 characters of a request's target. */
const TARGET_CHARS = 200;

interface Props {
  /** The request that may be waiting: tools/call, prompts/get or resources/read. */
  method: string;
  /** Its tool or prompt name, or resource URI. */
  target: string;
  /** What the person calls it: "call" for a tool, "request" for a prompt or a read. */
  noun: 'call' | 'request';
}

/**
 * While a request runs, says when it is the person it waits for: the server asked for input during it (a
 * 2025 server request, or a 2026-07-28 input_required round) and the dialog is open. The engine pauses
 * the request's timeout meanwhile (src/engine/features/answering-deadline.ts).
 */
export function WaitingForInput({ method, target, noun }: Props) {
  const mine = target.slice(0, TARGET_CHARS);
  const forThis = (r: PendingServerRequest) => r.related?.method === method && r.related.target === mine;
  // Selectors return stable values (an entry, a count), never a fresh array.
  const first = useStoreOf('serverRequests', (state) => state.pending.find(forThis));
  const count = useStoreOf('serverRequests', (state) => state.pending.filter(forThis).length);
  if (!first) return null;
  const round = first.related?.round;
  const what = count === 1 ? 'a question' : `${count} questions`;
  return (
    <p className="waiting-for-input" role="status">
      {round !== undefined ? `Round ${round} of at most ${MAX_INPUT_ROUNDS}: the` : 'The'} server asked {what} — waiting for you to answer
      in the dialog. The {noun}'s timeout is paused until you answer.
    </p>
  );
}
