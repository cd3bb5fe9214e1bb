import { useCallback, useState } from 'react';
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import { useEngineClient } from '../services.tsx';

/** Sends the person's answer for one pending request; a refused answer (or a request already gone) comes back as an error. */
export function useAnswer(id: string) {
  const client = useEngineClient();
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<EngineError | null>(null);
  const send = useCallback(
    async (answer: ServerRequestAnswer) => {
      setSending(true);
      setError(null);
      try {
        await client.call('answerServerRequest', { id, answer });
      } catch (caught) {
        setError(isEngineError(caught) ? caught : { code: 'internal', message: String(caught) });
      } finally {
        setSending(false);
      }
    },
    [client, id],
  );
  return { send, sending, error };
}
