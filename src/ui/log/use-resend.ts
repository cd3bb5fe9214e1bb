import { useState } from 'react';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { draftOf, draftText, parseDraft, type ResendDraft, type ResendResult } from '../../shared/resend.ts';
import type { Call } from '../../state/index.ts';
import { useCommands, useLatestCall, useStoreOf } from '../services.tsx';

type ResendPhase =
  { kind: 'idle' } | { kind: 'sending' } | { kind: 'answered'; answer: ResendResult } | { kind: 'failed'; error: EngineError };

interface ResendState {
  /** The log item this belongs to: selecting another entry starts afresh. */
  forId: string;
  /** The editor's text, or null when the editor is closed. */
  text: string | null;
  /** What is wrong with the text, once the person tried to send it. */
  problem: string | null;
}

export type Resend = ReturnType<typeof useResend>;

/**
 * Re-send and Edit and re-send for the selected log entry: the editor's text, its problems in words, and the
 * answer or error. The re-send itself is a call in the connection's calls registry (src/app/calls.ts), so
 * leaving the log cancels nothing; Cancel does. State belongs to one entry; another selection shows nothing of it.
 */
export function useResend(itemId: string | undefined, message: unknown) {
  const { startCall, cancelCall } = useCommands().jobs;
  const forget = useStoreOf('calls', (calls) => calls.actions.forget);
  const call = useLatestCall('resend', itemId ?? '');
  const [state, setState] = useState<ResendState | null>(null);
  const current = itemId !== undefined && state?.forId === itemId ? state : null;
  const original = draftOf(message);
  const shownCall = itemId === undefined ? undefined : call;

  const patch = (forId: string, change: Partial<ResendState>) =>
    setState((previous) => (previous?.forId === forId ? { ...previous, ...change } : previous));

  function send(draft: ResendDraft | undefined) {
    if (itemId === undefined) return;
    const forId = itemId;
    // Sending the same entry again replaces the one on its way; another entry's goes on (its answer is in the log).
    if (call?.status === 'running') cancelCall(call.id);
    setState((previous) => ({ forId, text: previous?.forId === forId ? previous.text : null, problem: null }));
    startCall('resend', { itemId: forId, ...(draft && { edited: draft }) });
  }

  return {
    /** Something to show below the header: the editor, a request on its way, or its answer. */
    open: current !== null || shownCall !== undefined,
    text: current?.text ?? null,
    problem: current?.problem ?? null,
    phase: phaseOf(shownCall),
    resendAsIs: () => send(undefined),
    openEditor() {
      if (itemId !== undefined && original) setState({ forId: itemId, text: draftText(original), problem: null });
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
      send(JSON.stringify(parsed.draft) === JSON.stringify(original) ? undefined : parsed.draft);
    },
    cancel: () => shownCall && cancelCall(shownCall.id),
    /** Closes the panel; a re-send on its way goes on (Cancel stops it), and its answer is in the log. */
    close() {
      if (itemId !== undefined) forget('resend', itemId);
      setState(null);
    },
  };
}

/** Where the entry's latest re-send stands; its time is the Message log's (src/state/calls-store.ts). */
function phaseOf(call: Call<'resend'> | undefined): ResendPhase {
  if (call === undefined) return { kind: 'idle' };
  if (call.status === 'running') return { kind: 'sending' };
  if (call.status === 'error' || !call.result) return { kind: 'failed', error: call.error ?? asEngineError(undefined) };
  return { kind: 'answered', answer: { ...call.result, durationMs: call.durationMs ?? call.result.durationMs } };
}
