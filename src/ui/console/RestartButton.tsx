import { useState } from 'react';
import { restartUnavailable } from '../../app/index.ts';
import { useCommands, useScope, useStoreOf } from '../services.tsx';

/**
 * Restart: the stdio server behind the local relay started again, and the connection opened on it. In the
 * Console's header, and beside the failure its exit caused.
 */
export function RestartButton() {
  const input = useStoreOf('connection', (state) => state.input);
  const phase = useStoreOf('connection', (state) => state.phase);
  const { readOnly } = useScope();
  const { restartServer } = useCommands().console;
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const unavailable = readOnly ?? restartUnavailable(input);
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={unavailable !== null || busy || phase === 'connecting'}
        title={unavailable ?? 'Starts the server process again and connects'}
        onClick={() => {
          setBusy(true);
          setProblem(null);
          void restartServer()
            .then((error) => setProblem(error?.message ?? null))
            .finally(() => setBusy(false));
        }}
      >
        {busy ? 'Restarting…' : 'Restart'}
      </button>
      {problem !== null && (
        <p role="alert" className="console-problem">
          {problem}
        </p>
      )}
    </>
  );
}
