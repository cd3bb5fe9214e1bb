import { describeUrl } from '../common/url-display.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { useConfirmedRerun } from './use-confirmed-rerun.tsx';

/**
 * Saved requests, kept in this browser: each runs against the connected server in one click. Their order is
 * demo mode's script for the server they came from, so they move up and down.
 */
export function SavedCalls({ connected }: { connected: boolean }) {
  const { rerun, dialog } = useConfirmedRerun();
  const requests = useStoreOf('savedCalls', (state) => state.calls);
  const { remove, move } = useStoreOf('savedCalls', (state) => state.actions);
  return (
    <section aria-label="Saved requests">
      <h3 className="list-section-title">
        Saved requests <span className="muted">{requests.length > 0 ? `${requests.length} in this browser` : ''}</span>
      </h3>
      {requests.length === 0 ? (
        <p className="empty-state">
          Save a call from the history to run it again later, on any server. In demo mode, a server’s saved requests are its script.
        </p>
      ) : (
        <ul className="history-list">
          {requests.map((request, index) => (
            <li key={request.id} className="history-item">
              <div className="history-head">
                <span className="history-tool">
                  <ServerText text={request.name} />
                </span>
                <span className="mono muted">
                  <ServerText text={request.tool} />
                </span>
                <span className="muted history-server" title={request.server}>
                  from <ServerText text={describeUrl(request.server).host || request.server} />
                </span>
                <span className="history-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={!connected}
                    aria-label={`Run saved request ${request.name}`}
                    onClick={() => rerun(request)}
                  >
                    Run
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Move ${request.name} up`}
                    disabled={index === 0}
                    onClick={() => move(request.id, -1)}
                  >
                    <span aria-hidden="true">↑</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Move ${request.name} down`}
                    disabled={index === requests.length - 1}
                    onClick={() => move(request.id, 1)}
                  >
                    <span aria-hidden="true">↓</span>
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    aria-label={`Delete saved request ${request.name}`}
                    onClick={() => remove(request.id)}
                  >
                    Delete
                  </button>
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}
