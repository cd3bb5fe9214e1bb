import { INITIAL_FOCUS, ModalDialog } from './ModalDialog.tsx';
import { ServerText } from './ServerText.tsx';

interface Props {
  /** What would be lost, as its file says it: a collection's name. */
  name: string;
  /** The command that would keep the changes, as its button says: "Save collection". */
  save: string;
  /** What discarding leads to, on the button: "Close collection", "Open another" or "Open the file". */
  then: string;
  onAnswer(discard: boolean): void;
}

/**
 * Closing or replacing work with unsaved changes (a collection) would lose them: nothing goes until the person
 * says so. The focus starts on "Keep editing", and Escape means the same.
 */
export function DiscardChangesDialog({ name, save, then, onAnswer }: Props) {
  return (
    <ModalDialog className="confirm-dialog" labelledBy="collection-discard-title" onCancel={() => onAnswer(false)}>
      <h3 id="collection-discard-title" className="confirm-title">
        Discard the unsaved changes to <ServerText text={name || 'the open one'} />?
      </h3>
      <p className="muted">They are in no file yet. {save} first to keep them.</p>
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
