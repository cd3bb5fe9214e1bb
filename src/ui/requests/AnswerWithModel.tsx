import { useEffect, useRef, useState } from 'react';
import { samplingModel, type SamplingDraft } from '../../app/index.ts';
import { asEngineError, type EngineError } from '../../shared/errors.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useStoreOf } from '../services.tsx';

/**
 * "Answer with <model>": the Playground's chosen model writes a draft reply to this sampling request, which
 * fills the editor below for the person to change before Approve. Without a model set up, the button says
 * how and takes the person to the Playground. Auto-approve (per connection, off by default) lets the model's
 * answer go without asking; ServerRequestsHost shows it while it is on.
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
  const { draftSamplingAnswer, refreshPlaygroundKey, setSamplingAutoApprove } = useCommands();
  const [asking, setAsking] = useState<AbortController | null>(null);
  const [error, setError] = useState<EngineError | null>(null);
  const mounted = useRef(true);

  // A key this device remembers counts as set up, though the Playground tab was never opened.
  useEffect(() => {
    mounted.current = true;
    void refreshPlaygroundKey();
    return () => {
      mounted.current = false;
    };
  }, [refreshPlaygroundKey]);
  useEffect(() => () => asking?.abort(), [asking]);

  const ask = async () => {
    const controller = new AbortController();
    setAsking(controller);
    setError(null);
    try {
      const draft = await draftSamplingAnswer(requestId, controller.signal);
      if (mounted.current) onDraft(draft);
    } catch (caught) {
      const reason = asEngineError(caught);
      if (mounted.current && reason.code !== 'cancelled') setError(reason);
    } finally {
      if (mounted.current) setAsking(null);
    }
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
          <button type="button" className="button button-small" onClick={() => asking.abort()}>
            Stop
          </button>
        </>
      ) : (
        <button type="button" className="button button-small" onClick={() => void ask()}>
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
