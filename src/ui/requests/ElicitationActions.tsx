import type { ReactNode } from 'react';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import type { EngineError } from '../../shared/errors.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';

/** What useAnswer returns, and the Accept button. */
interface ElicitationActionsProps {
  children: ReactNode;
  send(answer: ServerRequestAnswer): Promise<void>;
  sending: boolean;
  error: EngineError | null;
}

/**
 * The foot of an elicitation dialog: why the last answer was not sent, then the view's own Accept button
 * (`children`) beside the spec's other two answers, Decline and Cancel, which every elicitation offers alike.
 */
export function ElicitationActions({ children, send, sending, error }: ElicitationActionsProps) {
  return (
    <>
      {error && <ErrorDetails error={error} lead="Not sent" />}
      <div className="request-actions">
        {children}
        <button type="button" className="button" disabled={sending} onClick={() => void send({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="button" disabled={sending} onClick={() => void send({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </>
  );
}
