import { useState } from 'react';
import './windowed-list.css';
import type { ListMore } from '../../shared/model.ts';
import { describeError } from '../../shared/read.ts';

interface Props {
  more: ListMore | undefined;
  /** Loads one more bounded batch and appends it (queries/load-more.ts). */
  onLoadMore: () => Promise<void>;
}

/**
 * Under a list that stopped at a bound before the server's last page: says where it stopped and offers
 * "Load more", so a server whose cursor never ends cannot hang the page but a long list can still be read.
 */
export function LoadMore({ more, onLoadMore }: Props) {
  const [state, setState] = useState<{ loading: boolean; error?: string }>({ loading: false });
  if (!more) return null;
  const load = () => {
    setState({ loading: true });
    onLoadMore().then(
      () => setState({ loading: false }),
      (error: unknown) =>
        setState({
          loading: false,
          error: describeError(error),
        }),
    );
  };
  return (
    <div className="load-more" role="note">
      <span className="muted">
        {more.reason.charAt(0).toUpperCase() + more.reason.slice(1)}
        {more.final ? '.' : '; the server has more.'}
      </span>
      {!more.final && (
        <button type="button" className="button button-small" onClick={load} disabled={state.loading}>
          {state.loading ? 'Loading more…' : 'Load more'}
        </button>
      )}
      {state.error !== undefined && <span className="field-error">Could not load more: {state.error}</span>}
    </div>
  );
}
