/**
 * Says why an action is disabled (the scope's `readOnly` reason). Buttons point at it with
 * aria-describedby, so the reason is read with the disabled button, not only seen beside it.
 */
export function ReadOnlyNote({ id, reason }: { id: string; reason: string }) {
  return (
    <span id={id} className="read-only-note" role="note">
      {reason}
    </span>
  );
}
