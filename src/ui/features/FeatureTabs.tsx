import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { askAgainForCacheableLists } from '../../queries/index.ts';
import { ToolsView } from '../tools/ToolsView.tsx';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { useScope, useStoreOf } from '../services.tsx';
import { ANY_TAB, useNavRequest } from '../palette/use-nav.ts';

// Every tab but Tools loads when first opened: none of them is on the first screen.
const AppsView = lazy(() => import('../apps/AppsView.tsx').then((m) => ({ default: m.AppsView })));
const TasksView = lazy(() => import('../tasks/TasksView.tsx').then((m) => ({ default: m.TasksView })));
const AuthorizationView = lazy(() => import('../auth/AuthorizationView.tsx').then((m) => ({ default: m.AuthorizationView })));
const PromptsView = lazy(() => import('../prompts/PromptsView.tsx').then((m) => ({ default: m.PromptsView })));
const ResourcesView = lazy(() => import('../resources/ResourcesView.tsx').then((m) => ({ default: m.ResourcesView })));
const RootsView = lazy(() => import('../roots/RootsView.tsx').then((m) => ({ default: m.RootsView })));
const LogsView = lazy(() => import('../server-logs/LogsView.tsx').then((m) => ({ default: m.LogsView })));
const HistoryView = lazy(() => import('../history/HistoryView.tsx'));
const PlaygroundView = lazy(() => import('../playground/PlaygroundView.tsx').then((m) => ({ default: m.PlaygroundView })));
const AuditView = lazy(() => import('../audit/AuditView.tsx').then((m) => ({ default: m.AuditView })));
import './feature-tabs.css';

interface Feature {
  name: string;
  render: () => ReactNode;
  /** Rebuilt from a saved session file, so it is offered (read-only) while one is open; `conversations`: when the file has any. */
  replay?: true | 'conversations';
  /** The lists it shows, asked for again (through the engine's cache) when the tab comes back. */
  lists?: readonly string[];
}

// Only features that work are listed; Resources, Prompts and the rest join as they are built.
export const FEATURES: Feature[] = [
  { name: 'Tools', render: () => <ToolsView />, replay: true, lists: ['tools/list'] },
  { name: 'Resources', render: () => <ResourcesView />, replay: true, lists: ['resources/list', 'resources/templates/list'] },
  { name: 'Prompts', render: () => <PromptsView />, replay: true, lists: ['prompts/list'] },
  { name: 'Apps', render: () => <AppsView /> },
  { name: 'Playground', render: () => <PlaygroundView />, replay: 'conversations' },
  { name: 'Tasks', render: () => <TasksView /> },
  { name: 'History', render: () => <HistoryView /> },
  { name: 'Logs', render: () => <LogsView /> },
  { name: 'Roots', render: () => <RootsView /> },
  { name: 'Authorization', render: () => <AuthorizationView /> },
  { name: 'Audit', render: () => <AuditView /> },
];

/** Feature views as tabs; a saved session being browsed shows only the ones a file can rebuild. */
export function FeatureTabs() {
  // A new saved session (or going live again) starts with fresh panels: nothing of the last one lingers.
  const replayKey = useStoreOf('sessionFile', (state) => state.replay?.key ?? null);
  const conversations = useStoreOf('sessionFile', (state) => (state.replay?.conversations.length ?? 0) > 0);
  const features =
    replayKey === null
      ? FEATURES
      : FEATURES.filter((feature) => feature.replay === true || (feature.replay === 'conversations' && conversations));
  return <Tabs key={replayKey ?? 'live'} features={features} />;
}

/**
 * The ARIA tabs pattern with arrow keys. Panels stay mounted once visited and are hidden with the `hidden`
 * attribute, so switching tabs keeps a half-filled form, a selection or a scroll position, and hidden panels
 * leave the accessibility tree (only the active panel's "Run tool" or "Result" is found by role).
 */
function Tabs({ features }: { features: Feature[] }) {
  const baseId = useId();
  // The tab lives in the view store, so the address bar shows it and a link can open it.
  const tab = useStoreOf('view', (state) => state.tab);
  const { showTab } = useStoreOf('view', (state) => state.actions);
  const found = features.findIndex((f) => f.name.toLowerCase() === tab);
  const active = found === -1 ? 0 : found;
  const [visited, setVisited] = useState<ReadonlySet<number>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set(visited).add(active));
  useAskAgainOnReturn(active, features[active]?.lists);

  const choose = (index: number) => showTab(features[index]!.name);
  // The command palette asks for tabs by name.
  useNavRequest(ANY_TAB, (_item, name) => {
    if (features.some((feature) => feature.name === name)) showTab(name);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? features.length - 1 : null;
    if (delta === 0 && jump === null) return;
    event.preventDefault();
    const next = jump ?? (active + delta + features.length) % features.length;
    choose(next);
    document.getElementById(`${baseId}-tab-${next}`)?.focus();
  };

  return (
    <div className="panel feature-tabs">
      <div role="tablist" aria-label="MCP features" className="tablist" onKeyDown={onKeyDown}>
        {features.map((f, index) => (
          <button
            key={f.name}
            id={`${baseId}-tab-${index}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={index === active}
            aria-controls={`${baseId}-panel-${index}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => choose(index)}
          >
            {f.name}
          </button>
        ))}
      </div>
      {features.map((f, index) => (
        <div
          key={f.name}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={`${baseId}-tab-${index}`}
          className="tabpanel"
          hidden={index !== active}
        >
          {visited.has(index) ? (
            <PanelBoundary name={`The ${f.name} tab`}>
              <Suspense fallback={<p className="empty-state">Loading…</p>}>{f.render()}</Suspense>
            </PanelBoundary>
          ) : null}
        </div>
      ))}
    </div>
  );
}

/**
 * A tab coming back keeps its view (it stays mounted), so nothing would ask for its lists again: ask for
 * the ones it shows that the server marked cacheable, which the engine answers from its cache while fresh.
 */
function useAskAgainOnReturn(active: number, lists: readonly string[] | undefined) {
  const queryClient = useQueryClient();
  const { key, recording, ready } = useScope();
  const shown = useRef(active);
  useEffect(() => {
    if (shown.current === active) return;
    shown.current = active;
    if (ready && !recording && lists) void askAgainForCacheableLists(queryClient, key, lists);
  }, [active, lists, queryClient, key, recording, ready]);
}
