import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { formatCount } from '../../shared/read.ts';
import { prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';

interface Props {
  toolName: string;
  /** Why we ask: the hints as declared, or the spec's defaults when they are absent. */
  reason: string;
  onConfirm(): void;
  onDismiss(): void;
  /** The Playground: run it, and do not ask again about this tool until the conversation restarts. */
  onAllowForConversation?: () => void;
  /** The arguments it will send, where someone else wrote them (a model, a re-run): shown before it runs. */
  sends?: Record<string, unknown>;
}

/** Of the arguments, this much is shown; the rest is counted. */
const SENDS_CHARS = 2_000;

/** A modal question before running a tool that may be destructive. Escape or "Don't run" leaves it unrun. */
export function ConfirmRunDialog({ toolName, reason, onConfirm, onDismiss, onAllowForConversation, sends }: Props) {
  const json = sends === undefined ? undefined : prettyJson(sends);
  return (
    <ModalDialog className="confirm-dialog" labelledBy="confirm-run-title" onCancel={onDismiss}>
      <h3 id="confirm-run-title" className="confirm-title">
        Run <ServerText text={toolName} />?
      </h3>
      <p>{reason}</p>
      {onAllowForConversation && <p>The model asked for this call.</p>}
      {json !== undefined && (
        <>
          <p>It will send:</p>
          <pre className="confirm-sends" aria-label="Arguments it will send">
            <ServerText
              text={
                json.length > SENDS_CHARS
                  ? `${json.slice(0, SENDS_CHARS)}… (${formatCount(json.length - SENDS_CHARS)} more characters)`
                  : json
              }
            />
          </pre>
        </>
      )}
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
