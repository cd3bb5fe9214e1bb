import { INITIAL_FOCUS, ModalDialog } from '../common/ModalDialog.tsx';
import { ServerText } from '../common/ServerText.tsx';

interface Props {
  url: string;
  onAnswer(open: boolean): void;
}

/** An app asked to open a link: nothing opens until the person says so. Escape is "Don't open". */
export function LinkConsentDialog({ url, onAnswer }: Props) {
  return (
    <ModalDialog className="confirm-dialog" labelledBy="app-link-title" onCancel={() => onAnswer(false)}>
      <h3 id="app-link-title" className="confirm-title">
        The app asks to open a link
      </h3>
      <p className="app-link-url">
        <ServerText text={url} />
      </p>
      <p className="muted">It opens in a new tab that learns nothing about MCP Lens (noopener, noreferrer).</p>
      <div className="tool-actions">
        <button type="button" className="button" onClick={() => onAnswer(true)}>
          Open link
        </button>
        <button type="button" className="button" onClick={() => onAnswer(false)} {...INITIAL_FOCUS}>
          Don’t open
        </button>
      </div>
    </ModalDialog>
  );
}
