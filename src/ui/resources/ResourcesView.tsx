import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { refreshQuery } from '../../queries/index.ts';
import { searchList } from '../find/list-search.ts';
import { ListSearch } from '../find/ListSearch.tsx';
import { useNavRequest } from '../palette/use-nav.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { FreshnessBadge } from '../common/FreshnessBadge.tsx';
import { useRevealOnSelect } from '../common/use-reveal-on-select.ts';
import { ResourceDetail } from './ResourceDetail.tsx';
import { LoadMore } from '../common/LoadMore.tsx';
import { ResourceList, type ListEntry } from './ResourceList.tsx';
import { ResourceRead } from './ResourceRead.tsx';
import { TemplateDetail } from './TemplateDetail.tsx';
import '../common/split-view.css';
import './resources.css';
import { useScope } from '../services.tsx';
import { plural } from '../../shared/read.ts';

/** The Resources tab: listed resources and templates on one side, the selected one on the other. */
export function ResourcesView() {
  const { ready, key, offers } = useScope();
  if (!ready) return <p className="empty-state">Connect to a server to see its resources.</p>;
  if (!offers('resources')) return <p className="empty-state">This server does not offer resources (no resources capability).</p>;
  return <ConnectedResources key={key} />;
}

type Selection = { kind: 'resource' | 'template' | 'read'; key: string } | null;

function ConnectedResources() {
  const { queries, recording } = useScope();
  const resources = useQuery(queries.resources());
  const templates = useQuery(queries.resourceTemplates());
  const queryClient = useQueryClient();
  const [selection, setSelection] = useState<Selection>(null);
  const [query, setQuery] = useState('');
  const detailPane = useRevealOnSelect<HTMLDivElement>(selection?.key ?? null);

  const readUris = new Set(recording?.catalog.reads.map((read) => read.uri));
  const resourceEntries: ListEntry[] = (resources.data?.resources ?? []).map((r, index) => ({
    ...r,
    key: `${index}:${r.uri}`,
    address: r.uri,
    ...(readUris.has(r.uri) && { savedRead: true }),
  }));
  const templateEntries: ListEntry[] = (templates.data?.templates ?? []).map((t, index) => ({
    ...t,
    key: `${index}:${t.uriTemplate}`,
    address: t.uriTemplate,
  }));
  const resource =
    selection?.kind === 'resource' ? resources.data?.resources[resourceEntries.findIndex((e) => e.key === selection.key)] : undefined;
  const template =
    selection?.kind === 'template' ? templates.data?.templates[templateEntries.findIndex((e) => e.key === selection.key)] : undefined;
  const refreshing = resources.isFetching || templates.isFetching;
  // A saved session may hold reads of URIs the list does not name (expanded templates, links in results).
  const listed = new Set(resources.data?.resources.map((r) => r.uri));
  const readEntries: ListEntry[] = (recording?.catalog.reads ?? [])
    .filter((read) => !listed.has(read.uri))
    .map((read) => ({ key: read.uri, name: read.uri, address: read.uri, icons: [] }));
  const readUri = selection?.kind === 'read' ? selection.key : null;
  useNavRequest('Resources', (uri) => {
    const entry = resourceEntries.find((e) => e.address === uri) ?? templateEntries.find((e) => e.address === uri);
    if (!entry) return;
    setSelection({ kind: resourceEntries.includes(entry) ? 'resource' : 'template', key: entry.key });
    setQuery('');
  });
  const shownResources = searchList(resourceEntries, query);
  const shownTemplates = searchList(templateEntries, query);
  const listedCount = resourceEntries.length + templateEntries.length;

  return (
    <div className="split-view">
      <div className="split-list-pane">
        <div className="pane-toolbar">
          <span className="muted" aria-live="polite">
            {resources.data
              ? `${plural(resources.data.resources.length, 'resource')}${resources.data.pages > 1 ? ` in ${resources.data.pages} pages` : ''}`
              : resources.isPending
                ? 'Loading resources…'
                : ''}
            {resources.data && resources.data.skipped > 0 ? ` (${resources.data.skipped} malformed left out)` : ''}
            {recording && resources.data ? ' · as saved' : ''}
          </span>
          {!recording && <FreshnessBadge freshness={resources.data?.freshness} />}
          {!recording && (
            <button
              type="button"
              className="button button-small"
              disabled={refreshing}
              onClick={() => {
                void refreshQuery(queryClient, queries.resources('refresh')).catch(() => undefined);
                void refreshQuery(queryClient, queries.resourceTemplates('refresh')).catch(() => undefined);
              }}
            >
              {refreshing ? 'Refreshing…' : 'Refresh'}
            </button>
          )}
        </div>
        {listedCount > 0 && (
          <ListSearch
            label="Search resources"
            value={query}
            onChange={setQuery}
            shown={shownResources.length + shownTemplates.length}
            total={listedCount}
          />
        )}
        {resources.error &&
          (recording ? (
            <p className="empty-state">{resources.error.message}</p>
          ) : (
            <ErrorDetails error={resources.error} lead="Could not list resources" />
          ))}
        {resources.data && resourceEntries.length === 0 && <p className="empty-state">The server lists no resources.</p>}
        {resourceEntries.length > 0 && (
          <ResourceList
            label="Resources"
            entries={shownResources}
            selected={selection?.kind === 'resource' ? selection.key : null}
            onSelect={(key) => setSelection({ kind: 'resource', key })}
          />
        )}
        <LoadMore
          more={resources.data?.more}
          onLoadMore={() => queries.loadMore(queryClient, 'listResources', queries.resources().queryKey)}
        />
        <h3 className="list-section-title">
          Templates
          {templates.data && (
            <span className="muted">
              {' '}
              {plural(templates.data.templates.length, 'template')}
              {templates.data.pages > 1 ? ` in ${templates.data.pages} pages` : ''}
            </span>
          )}
        </h3>
        {templates.isPending && <p className="empty-state">Loading templates…</p>}
        {templates.error &&
          (recording ? (
            <p className="empty-state">{templates.error.message}</p>
          ) : (
            <ErrorDetails error={templates.error} lead="Could not list resource templates" />
          ))}
        {templates.data && templateEntries.length === 0 && <p className="empty-state">The server lists no resource templates.</p>}
        {templateEntries.length > 0 && (
          <ResourceList
            label="Resource templates"
            entries={shownTemplates}
            selected={selection?.kind === 'template' ? selection.key : null}
            onSelect={(key) => setSelection({ kind: 'template', key })}
          />
        )}
        <LoadMore
          more={templates.data?.more}
          onLoadMore={() => queries.loadMore(queryClient, 'listResourceTemplates', queries.resourceTemplates().queryKey)}
        />
        {readEntries.length > 0 && (
          <>
            <h3 className="list-section-title">
              Also read in this session <span className="muted">{plural(readEntries.length, 'URI')}</span>
            </h3>
            <ResourceList
              label="Also read in this session"
              entries={readEntries}
              selected={readUri}
              onSelect={(key) => setSelection({ kind: 'read', key })}
            />
          </>
        )}
      </div>
      <div className="split-detail-pane" ref={detailPane}>
        {readUri !== null ? (
          <section className="detail" aria-label="Read in this session">
            <ResourceRead key={readUri} uri={readUri} />
          </section>
        ) : resource ? (
          <ResourceDetail key={selection?.key} resource={resource} />
        ) : template ? (
          <TemplateDetail key={selection?.key} template={template} />
        ) : (
          <p className="empty-state">Select a resource to read it, or a template to fill in its variables.</p>
        )}
      </div>
    </div>
  );
}
