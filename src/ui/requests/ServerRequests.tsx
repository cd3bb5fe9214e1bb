import { Suspense, useEffect } from 'react';
import { lazyView, preloadWhenIdle } from '../common/lazy-view.tsx';
import { useStoreOf } from '../services.tsx';
// With the first screen, so the dialog's styles keep their place in the cascade (ToolsView.tsx says why).
import './requests.css';

const host = lazyView(async () => ({ default: (await import('./ServerRequestsHost.tsx')).ServerRequestsHost }));
const ServerRequestsHost = host.View;

/**
 * Where a server's requests to the person show (ServerRequestsHost.tsx), once one waits or has left unanswered.
 * The first screen shows none, so the dialog's code is a chunk of its own, fetched while the page is idle once
 * connected; once in, it renders without a fallback (lazy-view.tsx).
 */
export function ServerRequests() {
  const shown = useStoreOf('serverRequests', (state) => state.pending.length > 0 || state.notice !== null);
  const connected = useStoreOf('connection', (state) => state.phase === 'connected');
  useEffect(() => (connected ? preloadWhenIdle(host.preload) : undefined), [connected]);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ServerRequestsHost />
    </Suspense>
  );
}
