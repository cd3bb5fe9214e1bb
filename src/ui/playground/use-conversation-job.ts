import { CONVERSATION } from '../../app/index.ts';
import type { EngineError } from '../../shared/errors.ts';
import { useLatestCall } from '../services.tsx';

/**
 * Where the Playground's latest message stands, read from its job (src/app/calls.ts): running (or waiting
 * for the one before it), and why it stopped when it failed. Stop is the person's choice, not a failure.
 */
export function useConversationJob(): { running: boolean; error: EngineError | null } {
  const job = useLatestCall('conversation', CONVERSATION);
  const error = job?.error && job.error.code !== 'cancelled' ? job.error : null;
  return { running: job?.status === 'running', error };
}
