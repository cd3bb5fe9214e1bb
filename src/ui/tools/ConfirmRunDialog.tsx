import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { ServerText } from '../common/ServerText.tsx';

interface Props {
  toolName: string;
  /** Why we ask: the hints as declared, or the spec's defaults when they are absent. */
  reason: string;
  onConfirm(): void;
  onDismiss(): void;
  /** The Playground: run it, and do not ask again about this tool until the conversation restarts. */
  onAllowForConversation?: () => void;
}

/** A modal question before running a tool that may be destructive. Escape or "Don't run" leaves it unrun. */
export function ConfirmRunDialog({ toolName, reason, onConfirm, onDismiss, onAllowForConversation }: Props) {
  return (
    <ModalDialog className="confirm-dialog" labelledBy="confirm-run-title" onCancel={onDismiss}>
      <h3 id="confirm-run-title" className="confirm-title">
        Run <ServerText text={toolName} />?
      </h3>
      <p>{reason}</p>
      {onAllowForConversation && <p>The model asked for this call.</p>}
      <p className="muted">You can turn this question off under Call settings in the Tools tab.</p>
      <div className="tool-actions">
        <button type="button" className="button button-danger" onClick={onConfirm}>
          Run anyway
        </button>
        {onAllowForConversation && (
          <button type="button" className="button" onClick={onAllowForConversation}>
            Allow for this conversation
          </button>
        )}
        <button type="button" className="button" onClick={onDismiss} {...INITIAL_FOCUS}>
          Don’t run
        </button>
      </div>
    </ModalDialog>
  );
}
