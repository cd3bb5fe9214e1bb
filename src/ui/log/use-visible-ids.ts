import { useDeferredValue, useMemo } from 'react';
import { matchesFilter, requestMethodOf } from '../../state/index.ts';
import { useLog } from '../services.tsx';

/** Rows beyond this are not rendered; the log says so and the filter narrows them down. */
export const MAX_RENDERED_ROWS = 500;

/** The ids the log shows: filtered (deferred, so typing stays responsive), newest last, capped. */
export function useVisibleIds() {
  const ids = useLog((state) => state.ids);
  const byId = useLog((state) => state.byId);
  const filterText = useDeferredValue(useLog((state) => state.filterText));
  return useMemo(() => {
    const matching = filterText.trim() === '' ? ids : ids.filter((id) => matchesFilter(byId[id]!, filterText, requestMethodOf(byId, byId[id])));
    const hidden = Math.max(0, matching.length - MAX_RENDERED_ROWS);
    return { visible: hidden > 0 ? matching.slice(hidden) : matching, matching: matching.length, hidden };
  }, [ids, byId, filterText]);
}
