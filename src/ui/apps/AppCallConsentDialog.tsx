import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { ServerText } from '../common/ServerText.tsx';
import type { AppCallQuestion } from './app-host.ts';

interface Props {
  question: AppCallQuestion;
  onAnswer(answer: 'once' | 'session' | 'deny'): void;
}

/**
 * An app asked to run a tool that may change something: the same question the person's own click gets,
 * naming the app. Escape is "Don't run". "Allow for this session" lets this app run such tools until the
 * connection ends.
 */
export function AppCallConsentDialog({ question, onAnswer }: Props) {
  return (
    <ModalDialog className="confirm-dialog" labelledBy="app-call-title" onCancel={() => onAnswer('deny')}>
      <h3 id="app-call-title" className="confirm-title">
        The app <ServerText text={question.app} /> asks to run <ServerText text={question.tool} />
      </h3>
      {question.appName !== undefined && (
        <p className="muted">
          It calls itself <ServerText text={question.appName} />.
        </p>
      )}
      <p>{question.reason}</p>
      <div className="tool-actions">
        <button type="button" className="button button-danger" onClick={() => onAnswer('once')}>
          Run once
        </button>
        <button type="button" className="button" onClick={() => onAnswer('session')}>
          Allow for this session
        </button>
        <button type="button" className="button" onClick={() => onAnswer('deny')} {...INITIAL_FOCUS}>
          Don’t run
        </button>
      </div>
    </ModalDialog>
  );
}
