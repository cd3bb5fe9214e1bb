import { lazy, Suspense, useEffect } from 'react';
import { useScope } from '../services.tsx';
// The Tools tab's styles load with the first screen, not with its lazy chunk: loaded later, they would come
// last in the cascade and win over rules that other lists (Resources, Prompts) share with them.
import '../common/split-view.css';
import './tools.css';
import './tools-calls.css';

const loadConnectedTools = () => import('./ConnectedTools.tsx');
const ConnectedTools = lazy(loadConnectedTools);

/**
 * The Tools tab: the server's tools, and the selected one's form and result — live, or as a saved session
 * recorded them. What shows once connected is a chunk of its own, fetched while the page is idle before
 * Connect: it is ready by the time a server answers, and the first screen does not wait for it.
 */
export function ToolsView() {
  const { ready, key, offers } = useScope();
  useEffect(() => {
    if (ready) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void loadConnectedTools().catch(() => undefined));
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
