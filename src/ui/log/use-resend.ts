import { useEffect, useRef, useState } from 'react';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { draftOf, draftText, parseDraft, type ResendDraft, type ResendResult } from '../../shared/resend.ts';
import { useCommands, useOnScreen } from '../services.tsx';

type ResendPhase =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered'; answer: ResendResult } | { kind: 'failed'; error: EngineError };

interface ResendState {
  /** The log item this belongs to: selecting another entry starts afresh. */
  forId: string;
  /** The editor's text, or null when the editor is closed. */
  text: string | null;
  /** What is wrong with the text, once the person tried to send it. */
  problem: string | null;
  phase: ResendPhase;
}

export type Resend = ReturnType<typeof useResend>;

/**
 * Re-send and Edit and re-send for the selected log entry: the editor's text, its problems in words, and the
 * answer or error. State belongs to one entry; another selection shows nothing of it.
 */
export function useResend(itemId: string | undefined, message: unknown) {
  const { resendRequest } = useCommands();
  const [state, setState] = useState<ResendState | null>(null);
  /** The re-send on its way, and the entry it was for. */
  const inFlight = useRef<{ forId: string; controller: AbortController } | null>(null);
  // Leaving the log cancels a request still on its way; putting the connection in the background does not.
  const onScreen = useOnScreen();
  useEffect(
    () => () => {
      if (onScreen()) inFlight.current?.controller.abort();
    },
    [onScreen],
  );
  const current = itemId !== undefined && state?.forId === itemId ? state : null;
  const original = draftOf(message);

  const patch = (forId: string, change: Partial<ResendState>) =>
    setState((previous) => (previous?.forId === forId ? { ...previous, ...change } : previous));

  async function send(draft: ResendDraft | undefined) {
    if (itemId === undefined) return;
    const forId = itemId;
    // Sending the same entry again replaces the one on its way; another entry's goes on (its answer is in the log).
    if (inFlight.current?.forId === forId) inFlight.current.controller.abort();
    const controller = new AbortController();
    inFlight.current = { forId, controller };
    setState((previous) => ({
      forId,
      text: previous?.forId === forId ? previous.text : null,
      problem: null,
      phase: { kind: 'sending' },
    }));
    try {
      const answer = await resendRequest(forId, draft, controller.signal);
      patch(forId, { phase: { kind: 'answered', answer } });
    } catch (error) {
      patch(forId, { phase: { kind: 'failed', error: asEngineError(error) } });
    }
  }

  return {
    /** Something to show below the header: the editor, a request on its way, or its answer. */
    open: current !== null,
    text: current?.text ?? null,
    problem: current?.problem ?? null,
    phase: current?.phase ?? ({ kind: 'idle' } as ResendPhase),
    resendAsIs: () => void send(undefined),
    openEditor() {
      if (itemId !== undefined && original) setState({ forId: itemId, text: draftText(original), problem: null, phase: { kind: 'idle' } });
    },
    setText(text: string) {
      if (itemId === undefined) return;
      // Once a problem is shown, it follows the typing, so the person sees it go away.
      const parsed = current?.problem ? parseDraft(text) : null;
      patch(itemId, { text, problem: parsed && !parsed.ok ? parsed.problem : null });
    },
    sendEdited() {
      if (itemId === undefined || current?.text == null) return;
      const parsed = parseDraft(current.text);
      if (!parsed.ok) return patch(itemId, { problem: parsed.problem });
      // Sent unchanged, it is a plain re-send, and the log says so.
      void send(JSON.stringify(parsed.draft) === JSON.stringify(original) ? undefined : parsed.draft);
    },
    cancel: () => inFlight.current?.controller.abort(),
    close() {
      if (inFlight.current?.forId === itemId) inFlight.current?.controller.abort();
      setState(null);
    },
  };
}
