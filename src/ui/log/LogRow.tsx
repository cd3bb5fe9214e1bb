import { memo } from 'react';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { isAuditProbe, originOf } from '../../shared/message-origin.ts';
import { labelOf, pollSummary, requestMethodOf, shortTaskId, targetsTask } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';
import { ERA_PROBE_METHOD, errorLineOf, resultTypeOf, resultTypeTone } from './envelope.ts';

/** Every row has this height (px), so the list can place row n at n × height without measuring. */
/** An error to the era probe is how a server of the 2025 era or older answers it: muted, and said so. */
const ERA_PROBE_ERROR_HINT = 'Expected from a server of the 2025 era or older: this answer is how MCP Lens tells the eras apart';

export const LOG_ROW_HEIGHT = 24;

interface RowProps {
  id: string;
  /** Offset from the top of the list, from the list window. */
  top: number;
  /** 1-based position and list size, for assistive technology (only a window of rows exists in the DOM). */
  position: number;
  size: number;
  /** Folds or unfolds a task's polls (a stable callback: the list keeps the row where it is). */
  onTogglePolls(id: string): void;
}

/** One log row. Selects only its own entry, so a new batch re-renders new rows, not old ones. */
export const LogRow = memo(function LogRow({ id, top, position, size, onTogglePolls }: RowProps) {
  const item = useStoreOf('log', (state) => state.byId.get(id));
  const selected = useStoreOf('log', (state) => state.selectedId === id);
  const requestMethod = useStoreOf('log', (state) => requestMethodOf(state.byId, state.byId.get(id)));
  // Primitives, not the label object: a selector must return a stable value.
  const target = useStoreOf('log', (state) => labelOf(state.byId, state.byId.get(id))?.target);
  const group = useStoreOf('log', (state) => state.polls.groups.get(id));
  const expanded = useStoreOf('log', (state) => state.expandedPolls.has(id));
  const rowProps = { 'data-log-id': id, style: { transform: `translateY(${top}px)` }, 'aria-posinset': position, 'aria-setsize': size };
  const { select } = useStoreOf('log', (state) => state.actions);
  const buttonProps = {
    type: 'button',
    className: 'log-row-button',
    'aria-current': selected ? 'true' : undefined,
    // The log is one Tab stop, its selected row (MessageLog's list when none is); arrow keys move inside.
    tabIndex: selected ? 0 : -1,
    onClick: () => select(id),
  } as const;
  if (!item) return null;

  if (item.type === 'note') {
    return (
      <li className={`log-row log-note note-${item.level}${item.boundary ? ' log-boundary' : ''}`} {...rowProps}>
        <button {...buttonProps}>
          <span className="log-dir" aria-hidden="true">
            •
          </span>
          <span className="log-kind">{item.boundary ? 'connect' : 'note'}</span>
          <span className="log-method log-note-text">
            <ServerText text={item.text} />
          </span>
          <span className="log-id" />
          <span className="log-time mono">{formatTime(item.time)}</span>
          <span className="log-latency" />
        </button>
      </li>
    );
  }

  const { entry } = item;
  const outgoing = entry.direction === 'out';
  // An audit probe may send server/discover too; it is not the era probe.
  const probe = !isAuditProbe(entry) && (entry.method ?? requestMethod) === ERA_PROBE_METHOD;
  const audit = originOf(entry, 'audit');
  const app = originOf(entry, 'apps');
  const resent = originOf(entry, 'resend');
  // Only what needs a look: a complete result is the usual case.
  const resultType = entry.kind === 'response' ? resultTypeOf(entry.message) : undefined;
  const unusualResult = resultType !== undefined && resultType !== 'complete' ? resultType : undefined;
  const method = entry.method ?? requestMethod;
  // Task ids are mostly UUIDs: a row shows the start, the detail and the filter have it whole.
  const shownTarget = target !== undefined && targetsTask(method) ? shortTaskId(target) : target;
  // Its own box, so a narrow column cuts the method before the tool, prompt or URI (log.css).
  const targetText =
    shownTarget === undefined ? null : (
      <span className={method?.includes('resources/') ? 'log-target is-uri' : 'log-target'} title={target}>
        {/* Its own box keeps its spaces (log.css): a flex item drops the ones at its edges. */}
        <span className="log-sep">{' · '}</span>
        <ServerText text={shownTarget} />
      </span>
    );
  return (
    <li
      className={`log-row kind-${entry.kind}${probe ? ' is-era-probe' : ''}${entry.late ? ' is-late' : ''}${group ? ' log-group' : ''}`}
      {...rowProps}
    >
      <button {...buttonProps}>
        {/* One element, not three: a flood lays out every new row, so each node in a row counts. */}
        <span
          className={`log-dir ${outgoing ? 'dir-out' : 'dir-in'}`}
          role="img"
          aria-label={outgoing ? 'out' : 'in'}
          title={outgoing ? 'Sent to the server' : 'Received from the server'}
        >
          {outgoing ? '→' : '←'}
        </span>
        <span className="log-kind" title={probe && entry.kind === 'error' ? ERA_PROBE_ERROR_HINT : undefined}>
          {entry.kind}
        </span>
        <span className="log-method mono">
          {/* First, so a narrow column clips the method name rather than the label. */}
          {probe && (
            <span className="badge log-era-probe" title="server/discover: how MCP Lens finds out which protocol era the server speaks">
              era probe
            </span>
          )}
          {audit?.probe && (
            <span
              className="badge log-audit-probe"
              title={`Raw HTTP the audit's check ${audit.id} sent beside the session (a rule the client never breaks); not on the session`}
            >
              audit probe
            </span>
          )}
          {app && (
            <span className="badge log-from-app" title={`Sent by MCP Lens on behalf of the MCP App ${app.id}`}>
              from app
            </span>
          )}
          {resent && (
            <span
              className="badge log-resent"
              title={`Sent again by hand from the log${resent.fromId === undefined ? '' : `, from request #${resent.fromId}`}${resent.edited ? ', edited' : ''}`}
            >
              {resent.edited ? 'edited' : 're-sent'}
            </span>
          )}
          {entry.method ? (
            <>
              <span className="log-name">
                <ServerText text={entry.method} />
              </span>
              {targetText}
            </>
          ) : requestMethod ? (
            <span className="log-answers" title="The method of the request this answers">
              <span className="log-name">
                <span aria-hidden="true">↳ </span>
                <ServerText text={requestMethod} />
              </span>
              {targetText}
            </span>
          ) : entry.kind === 'invalid' ? (
            <em>{entry.raw !== undefined ? 'unparseable' : 'not JSON-RPC'}</em>
          ) : entry.kind === 'error' ? (
            <span className="log-name">
              <ServerText text={errorLineOf(entry.message) ?? ''} />
            </span>
          ) : null}
          {group && (
            <span className="log-poll-summary">
              <ServerText text={pollSummary(group)} />
            </span>
          )}
          {unusualResult !== undefined && (
            <span className={`badge result-type-${resultTypeTone(unusualResult)}`}>
              <ServerText text={unusualResult} />
            </span>
          )}
          {entry.late && <span className="badge badge-danger">late</span>}
          {entry.unmatched && <span className="badge badge-danger">unmatched</span>}
          {entry.violation && <span className="badge badge-danger">spec violation</span>}
        </span>
        <span className="log-id mono" title={entry.rpcId !== undefined ? `id ${String(entry.rpcId)}` : undefined}>
          {entry.rpcId !== undefined ? <>#{<ServerText text={String(entry.rpcId)} />}</> : ''}
        </span>
        <span className="log-time mono">{formatTime(entry.time)}</span>
        <span className="log-latency mono">{entry.latencyMs !== undefined ? formatDuration(entry.latencyMs) : ''}</span>
      </button>
      {group && group.folded > 0 && (
        <button
          type="button"
          className="log-group-toggle"
          aria-expanded={expanded}
          aria-label={`Show polls of task ${group.taskId}`}
          title={
            expanded ? 'Fold the polls of this task into this row again' : `Show the ${group.folded} folded messages of this task in place`
          }
          onClick={() => onTogglePolls(id)}
        >
          {expanded ? '▾' : '▸'}
        </button>
      )}
    </li>
  );
});
