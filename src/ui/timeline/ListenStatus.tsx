import type { ListenState } from '../../shared/events.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';
import { plural } from '../../shared/read.ts';

type Filter = ListenState['requested'];

/** What a filter covers, in words: "tools, prompts, 2 resources". */
function describeFilter(filter: Filter | undefined): string {
  if (!filter) return 'nothing';
  const parts = [
    filter.toolsListChanged && 'tool list',
    filter.promptsListChanged && 'prompt list',
    filter.resourcesListChanged && 'resource list',
    filter.resourceSubscriptions?.length && plural(filter.resourceSubscriptions.length, 'subscribed resource'),
  ].filter((part): part is string => typeof part === 'string');
  return parts.length > 0 ? parts.join(', ') : 'nothing';
}

const CLOSED_BY: Record<NonNullable<ListenState['closedBy']>, string> = {
  local: 'closed',
  graceful: 'ended by the server',
  remote: 'dropped by the server',
  error: 'could not be opened',
};

/**
 * MCP 2026-07-28: change notifications arrive on a subscriptions/listen stream. Shows where it stands and
 * what the server agreed to send, beside what was asked for when the two differ.
 */
export function ListenStatus() {
  const listen = useStoreOf('serverLog', (state) => state.listen);
  if (!listen) return null;
  const asked = describeFilter(listen.requested);
  const honoured = describeFilter(listen.honoured);
  const text =
    listen.status === 'opening'
      ? `Opening the listen stream for ${asked}…`
      : listen.status === 'listening'
        ? `Listening for changes to the ${honoured}${honoured !== asked ? ` (asked for the ${asked})` : ''}`
        : `Listen stream ${CLOSED_BY[listen.closedBy ?? 'local']}`;
  return (
    <p className={`listen-status listen-${listen.status}`} role="status" aria-label="Listen stream">
      <ServerText text={text} />
      {listen.reason && (
        <span className="muted">
          {' '}
          — <ServerText text={listen.reason} />
        </span>
      )}
    </p>
  );
}
