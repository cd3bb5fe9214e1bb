import { Suspense, useEffect } from 'react';
import { lazyView, preloadWhenIdle } from '../common/lazy-view.tsx';
import { useStoreOf } from '../services.tsx';
// With the first screen, as the Tools tab's styles are (ToolsView.tsx): loaded with the chunk, they would come
// last in the cascade.
import './server.css';

const serverDetails = lazyView(async () => ({ default: (await import('./ServerDetails.tsx')).ServerDetails }));
const ServerDetails = serverDetails.View;

/**
 * The server's card, once connected or while a saved session is open. The first screen shows none of it, so
 * its code is a chunk of its own, fetched while the page is idle, and at the latest when Connect is pressed;
 * once in, it renders without a fallback (lazy-view.tsx).
 */
export function ServerPanel() {
  const live = useStoreOf('connection', (state) => state.summary);
  // A saved session being browsed shows the server it was saved from.
  const saved = useStoreOf('sessionFile', (state) => state.replay?.server ?? null);
  const connecting = useStoreOf('connection', (state) => state.phase === 'connecting');
  const summary = live ?? saved;
  useEffect(() => {
    if (summary) return;
    if (connecting) return void serverDetails.preload().catch(() => undefined);
    return preloadWhenIdle(serverDetails.preload);
  }, [summary, connecting]);
  if (!summary) return null;
  return (
    <Suspense fallback={null}>
      <ServerDetails summary={summary} />
    </Suspense>
  );
}
