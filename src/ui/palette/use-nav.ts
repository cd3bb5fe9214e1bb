import { useEffect, useRef } from 'react';
import { useStoreOf } from '../services.tsx';

/** Any tab: the tab list itself listens for every request. */
export const ANY_TAB = '*';

/**
 * Calls `show(item, tab)` when the palette asks for `tab` (ANY_TAB for all), with the item to select, if
 * any. A request made before the view mounted still counts once: that is how a tab opened by the palette
 * selects its item on first render.
 */
export function useNavRequest(tab: string, show: (item: string | undefined, tab: string) => void): void {
  const request = useStoreOf('nav', (state) => state.request);
  const handled = useRef(0);
  const latest = useRef(show);
  useEffect(() => {
    latest.current = show;
  });
  useEffect(() => {
    if (!request || (tab !== ANY_TAB && request.tab !== tab) || request.seq <= handled.current) return;
    handled.current = request.seq;
    latest.current(request.item, request.tab);
  }, [request, tab]);
}
