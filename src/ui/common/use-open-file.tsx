import { useCallback, useState, type ReactNode } from 'react';
import type { UnsavedWork } from '../../app/index.ts';
import { useWorkspace } from '../services.tsx';
import { DiscardChangesDialog } from './DiscardChangesDialog.tsx';

/**
 * Opens a file the person chose or dropped as the workspace opens any (workspace.openFile), and when it would
 * replace work no file holds yet (a collection with unsaved changes) asks first, with the dialog the
 * Collections tab's own Close and Open use. The caller renders `dialog`.
 */
export function useOpenFile(): { openFile(file: File): void; dialog: ReactNode } {
  const workspace = useWorkspace();
  const [asking, setAsking] = useState<{ work: UnsavedWork; answer(discard: boolean): void } | null>(null);
  const openFile = useCallback(
    (file: File) => void workspace.openFile(file, (work) => new Promise<boolean>((answer) => setAsking({ work, answer }))),
    [workspace],
  );
  const dialog = asking ? (
    <DiscardChangesDialog
      name={asking.work.name}
      save={asking.work.save}
      then="Open the file"
      onAnswer={(discard) => {
        setAsking(null);
        asking.answer(discard);
      }}
    />
  ) : null;
  return { openFile, dialog };
}
