import { useEffect } from 'react';
import type { ResourceInfo } from '../../shared/resources-api.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatTime } from '../common/format.ts';
import { useCommands, useLatestCall, useStoreOf } from '../services.tsx';
import { DetailHead } from '../common/DetailHead.tsx';
import { ResourceBadges } from './ResourceBadges.tsx';
import { ResourceRead } from './ResourceRead.tsx';

/** A listed resource: what it is, subscribe/unsubscribe when offered, and its contents (read on selection). */
export function ResourceDetail({ resource }: { resource: ResourceInfo }) {
  const canSubscribe = useStoreOf(
    'connection',
    (s) => (s.summary?.capabilities?.resources as { subscribe?: unknown } | undefined)?.subscribe === true,
  );
  const update = useStoreOf('serverLog', (s) => s.updates.get(resource.uri));
  const { acknowledgeUpdate } = useStoreOf('serverLog', (s) => s.actions);

  // Opening a resource counts as having seen its earlier updates; later ones are counted again.
  useEffect(() => acknowledgeUpdate(resource.uri), [acknowledgeUpdate, resource.uri]);

  return (
    <section className="detail" aria-labelledby="resource-detail-title">
      <DetailHead
        titleId="resource-detail-title"
        icons={resource.icons}
        name={resource.name}
        title={resource.title || resource.name}
        subtitle={resource.uri}
        description={resource.description}
      >
        <ResourceBadges mimeType={resource.mimeType} size={resource.size} annotations={resource.annotations} />
      </DetailHead>
      <div className="detail-actions">
        {canSubscribe && <SubscribeButton uri={resource.uri} />}
        {update && (
          <span className="badge badge-updated" role="status">
            Updated {update.count > 1 ? `${update.count}× ` : ''}at {formatTime(update.lastTime)} — re-read
          </span>
        )}
      </div>
      <ResourceRead uri={resource.uri} />
    </section>
  );
}

function SubscribeButton({ uri }: { uri: string }) {
  const { startCall } = useCommands().jobs;
  const subscribed = useStoreOf('serverLog', (s) => s.subscribed.has(uri));
  const job = useLatestCall('subscribe', uri);
  return (
    <>
      <button
        type="button"
        className="button button-small"
        disabled={job?.status === 'running'}
        onClick={() => startCall('subscribe', { uri, subscribe: !subscribed })}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      {job?.error && <ErrorDetails error={job.error} lead={job.params.subscribe ? 'Could not subscribe' : 'Could not unsubscribe'} />}
    </>
  );
}
