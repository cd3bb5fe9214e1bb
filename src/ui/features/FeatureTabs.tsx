import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { askAgainForCacheableLists } from '../../queries/index.ts';
import { preloadOnIntent } from '../common/lazy-view.tsx';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { useScope, useStoreOf } from '../services.tsx';
import { ANY_TAB, useNavRequest } from '../palette/use-nav.ts';
import type { FeatureTab } from './feature-tab.ts';
import { tabsFor } from './tabs.ts';
import './feature-tabs.css';

/** Feature views as tabs; a saved session being browsed shows only the ones a file can rebuild. */
export function FeatureTabs() {
  // A new saved session (or going live again) starts with fresh panels: nothing of the last one lingers.
  const replay = useStoreOf('sessionFile', (state) => state.replay);
  return <Tabs key={replay?.key ?? 'live'} features={tabsFor(replay)} />;
}

/**
 * The ARIA tabs pattern with arrow keys. Panels stay mounted once visited and are hidden with the `hidden`
 * attribute, so switching tabs keeps a half-filled form, a selection or a scroll position, and hidden panels
 * leave the accessibility tree (only the active panel's "Run tool" or "Result" is found by role).
 */
function Tabs({ features }: { features: readonly FeatureTab[] }) {
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
            // Pointing at a tab fetches its view's chunk, usually in before the click.
            {...preloadOnIntent(f.preload)}
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
              <Suspense fallback={<p className="empty-state">Loading…</p>}>
                <f.view />
              </Suspense>
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
