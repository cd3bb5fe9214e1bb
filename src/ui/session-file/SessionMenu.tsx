import { useRef, useState } from 'react';
import { SESSION_FILE_EXTENSION } from '../../shared/session-file/session-file.ts';
import { useCommands, useSessionFile } from '../services.tsx';
import { ExportButton } from '../presentation/ExportButton.tsx';
import './session.css';

/** Save session / Open session, in the app header. */
export function SessionMenu() {
  const { saveSessionFile, openSessionFile } = useCommands();
  const input = useRef<HTMLInputElement>(null);
  const progress = useSessionFile((state) => state.progress);
  const [saving, setSaving] = useState(false);

  return (
    <div className="session-menu" role="group" aria-label="Session file">
      <ExportButton
        className="button"
        disabled={saving}
        onClick={() => {
          setSaving(true);
          void saveSessionFile().finally(() => setSaving(false));
        }}
      >
        {saving ? 'Saving…' : 'Save session'}
      </ExportButton>
      <button type="button" className="button" disabled={progress !== null} onClick={() => input.current?.click()}>
        {progress === null
          ? 'Open session'
          : progress.total > 0
            ? `Opening… ${Math.round((progress.loaded / progress.total) * 100)}%`
            : 'Opening…'}
      </button>
      <input
        ref={input}
        type="file"
        accept={`${SESSION_FILE_EXTENSION},.json,application/json`}
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Session file to open"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void openSessionFile(file);
        }}
      />
    </div>
  );
}
