import { useEffect, useId, useRef } from 'react';

/**
 * Connect while connected would end this session, and with it what is on screen. So it asks: reconnect
 * here, open the same server as a new connection beside this one (nothing is lost), or leave it be. The
 * safe choice has the focus; Escape cancels.
 */
export function ReconnectQuestion({
  onReconnect,
  onNew,
  onCancel,
  full,
}: {
  onReconnect(): void;
  onNew(): void;
  onCancel(): void;
  full: boolean;
}) {
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  return (
    <div
      role="group"
      aria-label="Connect again?"
      aria-describedby={textId}
      className="reconnect-question popover"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        onCancel();
      }}
    >
      <p id={textId}>
        Already connected. Reconnecting here ends this session and starts a new one; a new connection keeps this one as it is.
      </p>
      <div className="reconnect-actions">
        <button ref={full ? undefined : first} type="button" className="button button-primary" disabled={full} onClick={onNew}>
          Open a new connection
        </button>
        <button type="button" className="button" onClick={onReconnect}>
          Reconnect here
        </button>
        <button ref={full ? first : undefined} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {full && <p className="hint">All connections are in use: close one to open another.</p>}
    </div>
  );
}
