import type { Call } from '../../state/index.ts';
import { verdictOf } from '../../shared/tool-verdict.ts';
import { formatDuration } from '../common/format.ts';

/**
 * Says how a tool call goes, politely, for people who cannot see the Result change: "Running echo…", "echo
 * succeeded in 12 ms", "echo failed: …". Not a `status` role: the connection status owns that one.
 */
export function CallAnnouncer({ call }: { call: Call<'tool'> | undefined }) {
  return (
    <p className="visually-hidden call-announcer" aria-live="polite" aria-atomic="true">
      {call ? announcement(call) : ''}
    </p>
  );
}

function announcement(call: Call<'tool'>): string {
  const name = call.target;
  if (call.status === 'running') return `Running ${name}…`;
  if (call.status === 'error') {
    if (call.error?.code === 'cancelled') return `${name} cancelled.`;
    return `${name} failed: ${(call.error?.message ?? 'no answer').slice(0, 300)}`;
  }
  const took = formatDuration(call.durationMs ?? call.result?.durationMs ?? 0);
  const verdict = call.result ? verdictOf(call.result) : 'ok';
  if (verdict === 'broken') return `${name} answered in ${took}, but the result breaks the spec or its output schema.`;
  return verdict === 'tool-error' ? `${name} returned an error in ${took}.` : `${name} succeeded in ${took}.`;
}
