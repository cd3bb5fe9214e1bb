import type { MessageOrigin } from '../../shared/events.ts';
import { ServerText } from '../common/ServerText.tsx';

/** A request sent again by hand from the log, and the request it came from. */
export function ResendMark({ mark }: { mark: Extract<MessageOrigin, { feature: 'resend' }> }) {
  return (
    <span className="badge log-resent">
      {mark.edited ? 'edited and re-sent' : 're-sent'} by hand
      {mark.fromId !== undefined && (
        <>
          {' '}
          from #<ServerText text={String(mark.fromId)} />
        </>
      )}
    </span>
  );
}
