import { useCallback, useState } from 'react';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { useCommands } from '../services.tsx';

/** Sends the person's answer for one pending request; a refused answer (or a request already gone) comes back as an error. */
export function useAnswer(id: string) {
  const { answerServerRequest } = useCommands().server;
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<EngineError | null>(null);
  const send = useCallback(
    async (answer: ServerRequestAnswer) => {
      setSending(true);
      setError(null);
      try {
        await answerServerRequest(id, answer);
      } catch (caught) {
        setError(asEngineError(caught));
      } finally {
        setSending(false);
      }
    },
    [answerServerRequest, id],
  );
  return { send, sending, error };
}
