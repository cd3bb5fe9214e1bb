import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { ServerText } from '../common/ServerText.tsx';

interface Props {
  /** The collection's name, as its file says it. */
  name: string;
  /** What discarding leads to, on the button: "Close collection" or "Open another". */
  then: string;
  onAnswer(discard: boolean): void;
}

/**
 * Closing or replacing a collection with unsaved changes would lose them: nothing goes until the person says
 * so. The focus starts on "Keep editing", and Escape means the same.
 */
export function DiscardChangesDialog({ name, then, onAnswer }: Props) {
  return (
    <ModalDialog className="confirm-dialog" labelledBy="collection-discard-title" onCancel={() => onAnswer(false)}>
      <h3 id="collection-discard-title" className="confirm-title">
        Discard the unsaved changes to <ServerText text={name || 'this collection'} />?
      </h3>
      <p className="muted">They are in no file yet. Save collection first to keep them.</p>
      <div className="tool-actions">
        <button type="button" className="button" onClick={() => onAnswer(true)}>
          Discard and {then.toLowerCase()}
        </button>
        <button type="button" className="button" onClick={() => onAnswer(false)} {...INITIAL_FOCUS}>
          Keep editing
        </button>
      </div>
    </ModalDialog>
  );
}
