import { Suspense, useEffect } from 'react';
import { lazyView } from '../common/lazy-view.tsx';
import { useScope } from '../services.tsx';
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
 * Connect: it is ready by the time a server answers, renders without a fallback (lazy-view.tsx), and the
 * first screen does not wait for it.
 */
export function ToolsView() {
  const { ready, key, offers } = useScope();
  useEffect(() => {
    if (ready) return;
    const preload = () => void connectedTools.preload().catch(() => undefined);
    // Within a second even on a page that is never idle (a busy machine), so it is in before a Connect.
    if (window.requestIdleCallback) window.requestIdleCallback(preload, { timeout: 1000 });
    else window.setTimeout(preload, 200);
  }, [ready]);
  if (!ready) return <p className="empty-state">Connect to a server to see its tools.</p>;
  if (!offers('tools')) return <p className="empty-state">This server does not offer tools (no tools capability).</p>;
  // Keyed by connection (or saved session): a new one starts with fresh queries; the selection is the
  // view store's, cleared when another server connects (src/app/address-sync.ts).
  return (
    <Suspense fallback={<p className="empty-state">Loading tools…</p>}>
      <ConnectedTools key={key} />
    </Suspense>
  );
}
