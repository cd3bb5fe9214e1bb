import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshQuery } from '../../queries/index.ts';
import { matchesSearch, searchTerms } from '../find/list-search.ts';
import { ListSearch } from '../find/ListSearch.tsx';
import { useNavRequest } from '../palette/use-nav.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { FreshnessBadge } from '../common/FreshnessBadge.tsx';
import { LoadMore } from '../common/LoadMore.tsx';
import { useRevealOnSelect } from '../common/use-reveal-on-select.ts';
import { ServerIcon } from '../common/Icon.tsx';
import { ServerText } from '../common/ServerText.tsx';
import { WindowedList } from '../common/WindowedList.tsx';
import { PromptDetail } from './PromptDetail.tsx';
import '../common/split-view.css';
import './prompts.css';
import { useScope } from '../services.tsx';
import { plural } from '../../shared/read.ts';
import { submitSelectedOnModEnter } from '../common/submit-on-mod-enter.ts';

/** Name, title, one line of description, badges: four lines, as a resource row (measured: 90 px with padding). */
const PROMPT_ROW_HEIGHT = 96;

/** The Prompts tab: the server's prompts, and the selected one's argument form and messages. */
export function PromptsView() {
  const { ready, key, offers } = useScope();
  if (!ready) return <p className="empty-state">Connect to a server to see its prompts.</p>;
  if (!offers('prompts')) return <p className="empty-state">This server does not offer prompts (no prompts capability).</p>;
  return <ConnectedPrompts key={key} />;
}

function ConnectedPrompts() {
  const { queries, recording } = useScope();
  const { data, error, isPending, isFetching } = useQuery(queries.prompts());
  const queryClient = useQueryClient();
  const refresh = () => void refreshQuery(queryClient, queries.prompts('refresh')).catch(() => undefined);
  const [selected, setSelected] = useState<string | null>(null);
  const detailPane = useRevealOnSelect<HTMLDivElement>(selected);
  const prompts = data?.prompts ?? [];
  const [query, setQuery] = useState('');
  useNavRequest('Prompts', (name) => {
    const found = prompts.findIndex((p) => p.name === name);
    if (found < 0) return;
    setSelected(`${found}:${name}`);
    setQuery('');
  });
  const terms = searchTerms(query);
  const visible = prompts.flatMap((p, i) => (matchesSearch(p, terms) ? [{ p, i }] : []));
  const shown = visible.length;
  const index = prompts.findIndex((p, i) => `${i}:${p.name}` === selected);
  const prompt = index >= 0 ? prompts[index] : undefined;
  const gotten = (name: string) => recording?.catalog.promptGets.filter((get) => get.name === name).length ?? 0;

  return (
    <div className="split-view" onKeyDown={submitSelectedOnModEnter}>
      <div className="split-list-pane">
        <div className="pane-toolbar">
          <span className="muted" aria-live="polite">
            {data
              ? `${plural(prompts.length, 'prompt')}${data.pages > 1 ? ` in ${data.pages} pages` : ''}`
              : isPending
                ? 'Loading prompts…'
                : ''}
            {data && data.skipped > 0 ? ` (${data.skipped} malformed left out)` : ''}
            {recording && data ? ' · as saved' : ''}
          </span>
          {!recording && <FreshnessBadge freshness={data?.freshness} />}
          {!recording && (
            <button type="button" className="button button-small" onClick={refresh} disabled={isFetching}>
              {isFetching ? 'Refreshing…' : 'Refresh'}
            </button>
          )}
        </div>
        {error &&
          (recording ? <p className="empty-state">{error.message}</p> : <ErrorDetails error={error} lead="Could not list prompts" />)}
        {data && prompts.length === 0 && <p className="empty-state">The server lists no prompts.</p>}
        {prompts.length > 0 && <ListSearch label="Search prompts" value={query} onChange={setQuery} shown={shown} total={prompts.length} />}
        <WindowedList
          label="Prompts"
          count={visible.length}
          rowHeight={PROMPT_ROW_HEIGHT}
          renderRow={(row, rowProps) => {
            // The key keeps each prompt's place in the full list, whatever the search shows.
            const { p, i } = visible[row]!;
            const key = `${i}:${p.name}`;
            const isSelected = key === selected;
            const required = p.arguments.filter((a) => a.required).length;
            return (
              <li key={key} {...rowProps} className={isSelected ? 'item selected' : 'item'}>
                <ServerIcon icons={p.icons} label={p.name} />
                <div className="item-main">
                  <button
                    type="button"
                    className="item-name mono"
                    title={p.name}
                    aria-current={isSelected ? 'true' : undefined}
                    onClick={() => setSelected(key)}
                  >
                    <ServerText text={p.name} />
                  </button>
                  {p.title && p.title !== p.name && (
                    <span className="item-title">
                      <ServerText text={p.title} />
                    </span>
                  )}
                  {p.description && (
                    <p className="item-description" title={p.description}>
                      <ServerText text={p.description} />
                    </p>
                  )}
                  {(p.arguments.length > 0 || gotten(p.name) > 0) && (
                    <div className="item-badges">
                      {p.arguments.length > 0 && (
                        <span className="badge">
                          {plural(p.arguments.length, 'argument')}
                          {required > 0 ? `, ${required} required` : ''}
                        </span>
                      )}
                      {gotten(p.name) > 0 && (
                        <span className="badge badge-saved">
                          {gotten(p.name) === 1 ? '1 saved result' : `${gotten(p.name)} saved results`}
                        </span>
                      )}
                    </div>
                  )}
                </div>
              </li>
            );
          }}
        />
        <LoadMore more={data?.more} onLoadMore={() => queries.loadMore(queryClient, 'listPrompts', queries.prompts().queryKey)} />
      </div>
      <div className="split-detail-pane" ref={detailPane}>
        {prompt ? (
          <PromptDetail key={selected} prompt={prompt} />
        ) : (
          <p className="empty-state">Select a prompt by its name to fill in its arguments and get it.</p>
        )}
      </div>
    </div>
  );
}
