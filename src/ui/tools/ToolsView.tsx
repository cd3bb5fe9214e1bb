import { Suspense, useEffect } from 'react';
import { lazyView, preloadWhenIdle } from '../common/lazy-view.tsx';
import { useScope, useStoreOf } from '../services.tsx';
// The Tools tab's styles load with the first screen, not with its lazy chunk: loaded later, they would come
// last in the cascade and win over rules that other lists (Resources, Prompts) share with them.
import '../common/split-view.css';
import './tools.css';
import './tools-calls.css';

const connectedTools = lazyView(() => import('./ConnectedTools.tsx'));
const ConnectedTools = connectedTools.View;

/**
 * The Tools tab: the server's tools, and the selected one's form and result — live, or as a saved session
 * recorded them. What shows once connected is a chunk of its own, fetched while the page is idle before
 * Connect, and at the latest when Connect is pressed (the chunk is local: it is in before the server has
 * answered). Once in, it renders without a fallback (lazy-view.tsx), and the first screen does not wait for it.
 */
export function ToolsView() {
  const { ready, key, offers } = useScope();
  const connecting = useStoreOf('connection', (state) => state.phase === 'connecting');
  useEffect(() => {
    if (ready) return;
    if (connecting) return void connectedTools.preload().catch(() => undefined);
    // After the first screen's own work, so it never delays the page becoming ready.
    return preloadWhenIdle(connectedTools.preload);
  }, [ready, connecting]);
  if (!ready) return <p className="empty-state">Connect to a server to see its tools.</p>;
  if (!offers('tools')) return <p className="empty-state">This server does not offer tools (no tools capability).</p>;
  // Keyed by connection (or saved session): a new one starts with fresh queries; the selection is the
  // view store's, cleared when another server connects (src/app/address/address-sync.ts).
  return (
    <Suspense fallback={<p className="empty-state">Loading tools…</p>}>
      <ConnectedTools key={key} />
    </Suspense>
  );
}
