import { useRef, useState } from 'react';
import { SESSION_FILE_EXTENSION } from '../../shared/session-file/session-file.ts';
import { useCommands, useStoreOf } from '../services.tsx';
import { useDemo } from '../demo/use-demo.ts';
import './session.css';

/** Save session / Open session, in the app header. */
export function SessionMenu() {
  const { saveSessionFile, openSessionFile } = useCommands();
  const input = useRef<HTMLInputElement>(null);
  const progress = useStoreOf('sessionFile', (state) => state.progress);
  const [saving, setSaving] = useState(false);
  const demo = useDemo();

  return (
    <div className="session-menu" role="group" aria-label="Session file">
      <button
        type="button"
        className="button"
        // Demo mode keeps every secret on this screen only: no file is written while it is on.
        disabled={saving || demo}
        title={demo ? 'Demo mode is on: files are not exported, so nothing secret leaves in one.' : undefined}
        onClick={() => {
          setSaving(true);
          void saveSessionFile().finally(() => setSaving(false));
        }}
      >
        {saving ? 'Saving…' : 'Save session'}
      </button>
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
