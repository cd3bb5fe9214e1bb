import { MAX_AUTO_SAMPLINGS_PER_WINDOW } from '../../app/index.ts';
import { formatCount } from '../../shared/read.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { useCommands, useStoreOf } from '../services.tsx';
import './requests.css';

/**
 * Shown for as long as auto-approve is on, on every tab: sampling requests on this connection are answered
 * by the model and approved without the person seeing them first, so it must never be on unnoticed. A bar
 * above the panes, not a floating box: it stays in view without covering the result or the log under it.
 */
export function AutoSamplingStatus() {
  const on = useStoreOf('playground', (state) => state.autoSampling);
  const model = useStoreOf('playground', (state) => state.provider.model);
  const error = useStoreOf('playground', (state) => state.autoSamplingError);
  const answered = useStoreOf('playground', (state) => state.autoSampled);
  const { setSamplingAutoApprove } = useCommands().playground;
  const setAuto = useStoreOf('playground', (state) => state.actions.setAutoSampling);
  if (!on && !error) return null;
  return (
    <div className="requests-auto" role="status">
      {on && (
        <span>
          <strong>Auto-approve is on:</strong> sampling requests on this connection are answered by <span className="mono">{model}</span>{' '}
          and approved without asking ({formatCount(answered)} so far; at most {MAX_AUTO_SAMPLINGS_PER_WINDOW} a minute).
        </span>
      )}
      {error && <ErrorDetails error={error} lead="Auto-approve" />}
      {on ? (
        <button type="button" className="button button-small" onClick={() => setSamplingAutoApprove(false)}>
          Turn off auto-approve
        </button>
      ) : (
        <button type="button" className="button button-small" onClick={() => setAuto(false, null)}>
          Dismiss
        </button>
      )}
    </div>
  );
}
