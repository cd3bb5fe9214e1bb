import { useRef, useState } from 'react';
import { FILE_ACCEPT } from '../../app/index.ts';
import { useCommands, useStoreOf } from '../services.tsx';
import { Icon } from '../workspace/icons.tsx';
import { ExportButton } from '../presentation/ExportButton.tsx';
import { FilePicker } from '../common/FilePicker.tsx';
import { useOpenFile } from '../common/use-open-file.tsx';
import './session.css';

/**
 * Save session / Open session, in the workspace's icon group. A file opens as its own read-only connection
 * beside the live ones (workspace.openFile), so opening one never ends a session or clears a log; a collection
 * opened over one with unsaved changes asks first (useOpenFile).
 */
export function SessionMenu() {
  const { saveSessionFile } = useCommands().sessionFile;
  const { openFile, dialog } = useOpenFile();
  const input = useRef<HTMLInputElement>(null);
  const progress = useStoreOf('sessionFile', (state) => state.progress);
  const [saving, setSaving] = useState(false);
  const openLabel =
    progress === null
      ? 'Open session'
      : progress.total > 0
        ? `Opening… ${Math.round((progress.loaded / progress.total) * 100)}%`
        : 'Opening…';

  return (
    <div className="session-menu" role="group" aria-label="Session file">
      <ExportButton
        className="button icon-button"
        aria-label={saving ? 'Saving…' : 'Save session'}
        disabled={saving}
        title="Save session to a file"
        onClick={() => {
          setSaving(true);
          void saveSessionFile().finally(() => setSaving(false));
        }}
      >
        <Icon name="save" />
        <span className="icon-button-label" aria-hidden="true">
          Save
        </span>
      </ExportButton>
      <button
        type="button"
        className="button icon-button"
        aria-label={openLabel}
        title="Open a saved session as its own read-only connection"
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      >
        <Icon name="open" />
        {progress !== null ? (
          <span>{openLabel}</span>
        ) : (
          <span className="icon-button-label" aria-hidden="true">
            Open
          </span>
        )}
      </button>
      <FilePicker ref={input} accept={FILE_ACCEPT} label="Session file to open" onFile={openFile} />
      {dialog}
    </div>
  );
}
