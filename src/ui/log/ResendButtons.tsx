import { useId } from 'react';
import type { Resend } from './use-resend.ts';

/** Re-send and Edit and re-send, beside Copy as JSON; disabled with the reason when the entry cannot be sent again. */
export function ResendButtons({ resend, blocked }: { resend: Resend; blocked: string | null }) {
  const reasonId = useId();
  const sending = resend.phase.kind === 'sending';
  const describedBy = blocked === null ? undefined : reasonId;
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={blocked !== null || sending}
        aria-describedby={describedBy}
        onClick={resend.resendAsIs}
      >
        Re-send
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={blocked !== null || resend.text !== null}
        aria-describedby={describedBy}
        aria-label="Edit and re-send"
        title="Edit this message, then send it again"
        onClick={resend.openEditor}
      >
        Edit…
      </button>
      {blocked !== null && (
        <span id={reasonId} className="read-only-note resend-blocked" role="note">
          {blocked}
        </span>
      )}
    </>
  );
}
