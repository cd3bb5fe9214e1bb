import { useState } from 'react';
import { ExportButton } from '../presentation/ExportButton.tsx';
import { useCommands } from '../services.tsx';

/**
 * Saves the log as JSON lines: the whole log (Export log), or while a filter is in force exactly the rows
 * shown (Export filtered log). One button, so the toolbar keeps room for the filter box.
 */
export function ExportLog({ filtering, shown }: { filtering: boolean; shown: number }) {
  const { exportLog } = useCommands().log;
  const [busy, setBusy] = useState(false);
  const run = () => {
    setBusy(true);
    void exportLog(filtering ? 'shown' : 'all').finally(() => setBusy(false));
  };
  return (
    <ExportButton
      className="button button-small"
      disabled={shown === 0 || busy}
      title={
        filtering
          ? 'Save the messages the filters show as JSON lines (.jsonl), secrets masked'
          : 'Save every message in the log as JSON lines (.jsonl), secrets masked'
      }
      onClick={run}
    >
      {filtering ? 'Export filtered log' : 'Export log'}
    </ExportButton>
  );
}
