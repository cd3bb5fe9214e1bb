/**
 * The Tools tab once connected: the list, search and the selected tool's form and result. Its own chunk
 * (ToolsView.tsx loads it while the page is idle before Connect), so the first screen does not carry it.
 */
import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshQuery } from '../../queries/index.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { FreshnessBadge } from '../common/FreshnessBadge.tsx';
import { LoadMore } from '../common/LoadMore.tsx';
import { CallSettings } from './CallSettings.tsx';
import { SavedResults } from '../session-file/SavedResults.tsx';
import { ToolDetail } from './ToolDetail.tsx';
import { preloadToolForm } from './ToolArgsEditor.tsx';
import { preloadWhenIdle } from '../common/lazy-view.tsx';
import { ToolList } from './ToolList.tsx';
import { ListSearch } from '../find/ListSearch.tsx';
import { searchList } from '../find/list-search.ts';
import { useRevealOnSelect } from '../common/use-reveal-on-select.ts';
import { useScope, useStoreOf } from '../services.tsx';
import { useNavRequest } from '../palette/use-nav.ts';
import { focusTarget } from '../palette/focus-target.ts';
import { plural } from '../../shared/read.ts';
import { submitSelectedOnModEnter } from '../common/submit-on-mod-enter.ts';

export default function ConnectedTools() {
  const { queries, recording } = useScope();
  const { data, error, isPending, isFetching, refetch } = useQuery(queries.tools());
  const queryClient = useQueryClient();
  const refresh = () => void refreshQuery(queryClient, queries.tools('refresh')).catch(() => undefined);
  // In the view store, so the address bar carries it (#tools/<name>) and a reload lands on the same tool.
  const selected = useStoreOf('view', (state) => state.tool);
  const setSelected = useStoreOf('view', (state) => state.actions.selectTool);
  const [query, setQuery] = useState('');
  useNavRequest('Tools', (name) => {
    if (name === undefined) return;
    setSelected(name);
    setQuery('');
  });
  // The form's chunk, once the list is on screen and while the person reads it (not while the list is still on
  // its way, where it would compete with showing it): selecting a tool then shows its form without a fallback.
  const listed = data !== undefined;
  useEffect(() => (listed ? preloadWhenIdle(preloadToolForm) : undefined), [listed]);
  const detailPane = useRevealOnSelect<HTMLDivElement>(selected);
  const listPane = useRef<HTMLDivElement>(null);
  // Chosen from the keyboard, the work goes on in the tool's form: its first field, else Run tool.
  const choose = (name: string, byKeyboard: boolean) => {
    setSelected(name);
    if (byKeyboard) focusTarget({ kind: 'detail', title: name }, document.activeElement as HTMLElement | null);
  };

  if (isPending) return <p className="empty-state">Loading tools…</p>;
  if (error) {
    return recording ? (
      <div className="tools-replay-missing">
        <p className="empty-state">{error.message}</p>
        <SavedResults />
      </div>
    ) : (
      <div className="empty-state">
        <ErrorDetails error={error} lead="Could not list tools" />
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const tools = data.tools;
  const savedRuns = recording ? countBy(recording.results.map((result) => result.tool)) : undefined;
  const tool = tools.find((t) => t.name === selected);
  const shown = searchList(tools, query);
  return (
    <div className="split-view" onKeyDown={submitSelectedOnModEnter}>
      {!recording && <CallSettings />}
      <div className="split-list-pane" ref={listPane}>
        <div className="pane-toolbar">
          <span className="muted">
            {plural(tools.length, 'tool')}
            {` · ${plural(data.pages, 'page')}`}
            {recording && ' · as saved'}
          </span>
          {!recording && <FreshnessBadge freshness={data.freshness} />}
          {!recording && (
            <button type="button" className="button button-small" onClick={refresh} disabled={isFetching}>
              {isFetching ? 'Refreshing…' : 'Refresh'}
            </button>
          )}
        </div>
        {tools.length > 0 && (
          <ListSearch
            label="Search tools"
            value={query}
            onChange={setQuery}
            shown={shown.length}
            total={tools.length}
            onPickFirst={(how) => {
              if (how === 'open') choose(shown[0]!.name, true);
              else listPane.current?.querySelector<HTMLElement>('.tool-list .item-name')?.focus();
            }}
          />
        )}
        {tools.length === 0 ? (
          <p className="empty-state">The server lists no tools.</p>
        ) : (
          <ToolList tools={shown} selected={selected} onSelect={choose} {...(savedRuns && { savedRuns })} />
        )}
        <LoadMore more={data.more} onLoadMore={() => queries.loadMore(queryClient, 'listTools', queries.tools().queryKey)} />
      </div>
      <div className="tools-detail-pane" ref={detailPane}>
        {tool ? (
          <ToolDetail key={tool.name} tool={tool} />
        ) : recording ? (
          <SavedResults onSelectTool={setSelected} />
        ) : (
          <p className="empty-state">Select a tool by its name to run it.</p>
        )}
      </div>
    </div>
  );
}

function countBy(names: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return counts;
}
