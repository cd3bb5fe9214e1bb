import { READ_ONLY_REASON } from './replay-client.ts';

/**
 * Says why an action is disabled in a saved session. Buttons point at it with aria-describedby, so the
 * reason is read with the disabled button, not only seen beside it.
 */
export function ReadOnlyNote({ id }: { id: string }) {
  return (
    <span id={id} className="read-only-note" role="note">
      {READ_ONLY_REASON}
    </span>
  );
}
