import { useEffect, useId, useRef } from 'react';
import { shortUrl, type ReconnectPlan } from '../../app/connection/reconnect-plan.ts';
import { UrlText } from '../presentation/UrlText.tsx';

/**
 * Connect while connected would end this session, and with it what is on screen. So it asks: reconnect
 * here, open the bar's server as a new connection beside this one (nothing is lost), or leave it be. It
 * says what changed since this session started (the bar may have been edited), and each button names the
 * server it connects to. The safe choice has the focus; Escape cancels.
 */
export function ReconnectQuestion({
  plan,
  onReconnect,
  onNew,
  onCancel,
  full,
}: {
  plan: ReconnectPlan;
  onReconnect(): void;
  onNew(): void;
  onCancel(): void;
  full: boolean;
}) {
  const textId = useId();
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => first.current?.focus(), []);
  // Host and path only: a button never carries a URL's credentials, in demo mode or not.
  const target = shortUrl(plan.to);
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
      <div id={textId}>
        <p className="reconnect-change">
          {plan.urlChanged ? (
            <>
              The URL changed from <UrlText url={plan.from} /> to <UrlText url={plan.to} />.
            </>
          ) : (
            <>
              Already connected to <UrlText url={plan.from} />.
            </>
          )}
          {plan.otherChanges.map((change) => ` ${change}`).join('')}
        </p>
        <p>
          {plan.urlChanged
            ? `Reconnecting here ends the session with ${shortUrl(plan.from)} and connects this connection to ${target}; a new connection opens ${target} beside this one, which stays as it is.`
            : 'Reconnecting here ends this session and starts a new one; a new connection keeps this one as it is.'}
        </p>
      </div>
      <div className="reconnect-actions">
        <button ref={full ? undefined : first} type="button" className="button button-primary" disabled={full} onClick={onNew}>
          {'Open a new connection'} to {target}
        </button>
        <button type="button" className="button" onClick={onReconnect}>
          {'Reconnect here'} to {target}
        </button>
        <button ref={full ? first : undefined} type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      {full && <p className="hint">All connections are in use: close one to open another.</p>}
    </div>
  );
}
