import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { askAgainForCacheableLists } from '../../queries/index.ts';
import { preloadOnIntent } from '../common/lazy-view.tsx';
import { PanelBoundary } from '../common/PanelBoundary.tsx';
import { useScope, useStoreOf } from '../services.tsx';
import { ANY_TAB, useNavRequest } from '../palette/use-nav.ts';
import type { FeatureTab } from './feature-tab.ts';
import { MoreTabsMenu } from './MoreTabsMenu.tsx';
import { tabsFor } from './tabs.ts';
import { useTabFit } from './use-tab-fit.ts';
import './feature-tabs.css';

/** Feature views as tabs; a saved session being browsed shows only the ones a file can rebuild. */
export function FeatureTabs() {
  // A new saved session (or going live again) starts with fresh panels: nothing of the last one lingers.
  const replay = useStoreOf('sessionFile', (state) => state.replay);
  return <Tabs key={replay?.key ?? 'live'} features={tabsFor(replay)} />;
}

/**
 * The ARIA tabs pattern with arrow keys, in one row: the tabs that do not fit go to a "More" menu after it
 * (MoreTabsMenu), and the active tab is always in the row, so ← → Home End still go through every feature.
 * Panels stay mounted once visited and are hidden with the `hidden` attribute, so switching tabs keeps a
 * half-filled form, a selection or a scroll position, and hidden panels leave the accessibility tree (only the
 * active panel's "Run tool" or "Result" is found by role).
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
  const { bar, measure, fit } = useTabFit(
    features.map((f) => f.name),
    active,
  );

  const tabId = (index: number) => `${baseId}-tab-${index}`;
  const choose = (index: number) => showTab(features[index]!.name);
  // A tab from the menu, or one an arrow key reaches there, joins the row in this render, then takes focus.
  const chooseAndFocus = (index: number) => {
    flushSync(() => choose(index));
    document.getElementById(tabId(index))?.focus();
  };
  // The command palette asks for tabs by name.
  useNavRequest(ANY_TAB, (_item, name) => {
    if (features.some((feature) => feature.name === name)) showTab(name);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? features.length - 1 : null;
    if (delta === 0 && jump === null) return;
    event.preventDefault();
    chooseAndFocus(jump ?? (active + delta + features.length) % features.length);
  };

  return (
    <div className="panel feature-tabs">
      <div ref={bar} className="feature-tabbar">
        <div role="tablist" aria-label="MCP features" className="tablist feature-tablist" onKeyDown={onKeyDown}>
          {fit.shown.map((index) => {
            const f = features[index]!;
            return (
              <button
                key={f.name}
                id={tabId(index)}
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
            );
          })}
        </div>
        {fit.overflow.length > 0 ? (
          <MoreTabsMenu entries={fit.overflow.map((index) => ({ index, feature: features[index]! }))} choose={chooseAndFocus} />
        ) : null}
        {/* The labels at their natural widths, out of sight, for useTabFit to measure. */}
        <div className="feature-tab-measure" aria-hidden="true">
          <div ref={measure}>
            {features.map((f) => (
              <span key={f.name} className="tab">
                {f.name}
              </span>
            ))}
            <span className="tab more-tabs-button">
              More <span>▾</span>
            </span>
          </div>
        </div>
      </div>
      {features.map((f, index) => (
        <div
          key={f.name}
          role="tabpanel"
          id={`${baseId}-panel-${index}`}
          aria-labelledby={tabId(index)}
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
