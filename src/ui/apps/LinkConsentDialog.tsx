import { useEffect, useRef } from 'react';
import { ServerText } from '../common/ServerText.tsx';

interface Props {
  url: string;
  onAnswer(open: boolean): void;
}

/** An app asked to open a link: nothing opens until the person says so. Escape is "Don't open". */
export function LinkConsentDialog({ url, onAnswer }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      aria-labelledby="app-link-title"
      onCancel={(event) => {
        event.preventDefault();
        onAnswer(false);
      }}
    >
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
        <button type="button" className="button" onClick={() => onAnswer(false)} autoFocus>
          Don’t open
        </button>
      </div>
    </dialog>
  );
}
