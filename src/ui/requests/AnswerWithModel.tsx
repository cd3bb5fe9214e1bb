import { useEffect, useRef } from 'react';
import { samplingModel, type SamplingDraft } from '../../app/index.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useLatestCall, useStoreOf } from '../services.tsx';

/**
 * "Answer with <model>": the Playground's chosen model writes a draft reply to this sampling request, which
 * fills the editor below for the person to change before Approve. Without a model set up, the button says
 * how and takes the person to the Playground. Auto-approve (per connection, off by default) lets the model's
 * answer go without asking; ServerRequestsHost shows it while it is on. The draft is a job of the connection
 * (src/app/calls.ts): closing this view does not stop it, Stop does.
 */
export function AnswerWithModel({ requestId, onDraft }: { requestId: string; onDraft: (draft: SamplingDraft) => void }) {
  const chosen = useStoreOf('playground', (state) => {
    const found = samplingModel(state);
    return 'model' in found ? found.model : null;
  });
  const missing = useStoreOf('playground', (state) => {
    const found = samplingModel(state);
    return 'missing' in found ? found.missing : null;
  });
  const auto = useStoreOf('playground', (state) => state.autoSampling);
  const go = useStoreOf('nav', (state) => state.actions.go);
  const { startCall, cancelCall } = useCommands().jobs,
    { refreshPlaygroundKey, setSamplingAutoApprove } = useCommands().playground;
  const job = useLatestCall('sampling-draft', requestId);
  const asking = job?.status === 'running' ? job : undefined;
  // Stopping is the person's choice, not a failure to report.
  const error = job?.error && job.error.code !== 'cancelled' ? job.error : null;
  // A draft fills the editor once, and only one this view asked for: one from before it opened again may
  // already have been edited there.
  const awaited = useRef<string | null>(null);
  const draft = job?.status === 'success' ? job : undefined;
  useEffect(() => {
    if (!draft?.result || awaited.current !== draft.id) return;
    awaited.current = null;
    onDraft(draft.result);
  }, [draft, onDraft]);

  // A key this device remembers counts as set up, though the Playground tab was never opened.
  useEffect(() => {
    void refreshPlaygroundKey();
  }, [refreshPlaygroundKey]);

  const ask = () => {
    awaited.current = startCall('sampling-draft', { requestId });
  };

  if (chosen === null)
    return (
      <div className="answer-with-model">
        <button type="button" className="button button-small" onClick={() => go('Playground')}>
          Set up a model in the Playground
        </button>
        <span className="muted">To answer with a model: {missing}</span>
      </div>
    );
  return (
    <div className="answer-with-model">
      {asking ? (
        <>
          <span role="status" className="muted">
            Asking {chosen}…
          </span>
          <button type="button" className="button button-small" onClick={() => cancelCall(asking.id)}>
            Stop
          </button>
        </>
      ) : (
        <button type="button" className="button button-small" onClick={ask}>
          Answer with {chosen}
        </button>
      )}
      <label
        className="answer-auto"
        title="Sampling requests on this connection are answered by the model and approved without asking, until you turn this off."
      >
        <input type="checkbox" checked={auto} onChange={(event) => setSamplingAutoApprove(event.target.checked)} />
        Auto-approve with the model on this connection
      </label>
      {error && <ErrorDetails error={error} lead="The model did not answer" />}
    </div>
  );
}
