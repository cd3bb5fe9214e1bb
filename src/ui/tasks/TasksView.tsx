import { useQuery } from '@tanstack/react-query';
import { TASKS_EXTENSION, TERMINAL_TASK_STATUSES, type TaskInfo } from '../../shared/tasks.ts';
import { ErrorDetails } from '../common/ErrorDetails.tsx';
import { formatTime, prettyJson } from '../common/format.ts';
import { ANY_TARGET, shortTaskId } from '../../state/index.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useCommands, useLatestCall, useScope, useStoreOf } from '../services.tsx';
import { ToolResult } from '../tools/ToolResult.tsx';
import '../tools/tools-calls.css';
import './tasks.css';
import { plural } from '../../shared/read.ts';

/**
 * The Tasks tab: tasks on the server (tasks/list) or, without it, those this session started. On
 * 2026-07-28 tasks are the tasks extension, in force only where both sides offered it; it has no
 * tasks/list, so the tab always lists this session's handles, and Refresh polls them with tasks/get.
 */
export function TasksView() {
  const phase = useStoreOf('connection', (state) => state.phase);
  const connectionKey = useStoreOf('connection', (state) => state.connectionKey);
  // The tasks extension (2026-07-28) or the tasks capability (2025-11-25): the profile says which offers them.
  const { protocol } = useScope();
  const byExtension = protocol.tasksOfferedBy === 'extension';
  const extension = useStoreOf('connection', (state) => state.summary?.extensions?.includes(TASKS_EXTENSION) === true);
  const tasksCapability = useStoreOf('connection', (state) => state.summary?.capabilities?.tasks);
  if (phase !== 'connected') return <p className="empty-state">Connect to a server to see its tasks.</p>;
  if (byExtension && !extension) {
    return (
      <p className="empty-state">
        This server does not offer the tasks extension ({TASKS_EXTENSION} in its server/discover capabilities), so its tool calls never
        become tasks.
      </p>
    );
  }
  if (!byExtension && tasksCapability === undefined) {
    return (
      <p className="empty-state">
        This server does not offer tasks (no tasks capability). Tasks are an experimental feature of MCP 2025-11-25.
      </p>
    );
  }
  // The extension always has tasks/cancel; 2025-11-25 servers declare it.
  const canCancel =
    protocol.tasksCancelAlways || (typeof tasksCapability === 'object' && tasksCapability !== null && 'cancel' in tasksCapability);
  return <ConnectedTasks key={connectionKey} canCancel={canCancel} byExtension={byExtension} />;
}

function ConnectedTasks({ canCancel, byExtension }: { canCancel: boolean; byExtension: boolean }) {
  const { queries } = useScope();
  const { data, error, isPending, isFetching, refetch } = useQuery(queries.tasks());
  const { startCall } = useCommands().jobs;
  // Jobs of this connection (src/app/calls.ts): the latest cancel and the latest result asked for, of any task.
  const cancel = useLatestCall('task-cancel', ANY_TARGET);
  const payload = useLatestCall('task-result', ANY_TARGET);

  if (isPending) return <p className="empty-state">Loading tasks…</p>;
  if (error) {
    return (
      <div className="empty-state">
        <ErrorDetails error={error} lead="Could not list tasks" />
        <button type="button" className="button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="tasks-view">
      <div className="pane-toolbar">
        <span className="muted">
          {plural(data.tasks.length, 'task')}
          {data.source === 'server'
            ? ` · tasks/list, ${plural(data.pages, 'page')}`
            : ` started in this session (${byExtension ? 'the tasks extension has no tasks/list' : 'the server has no tasks/list'})`}
        </span>
        <button type="button" className="button button-small" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Refreshing…' : 'Refresh'}
        </button>
      </div>
      {cancel?.error && <ErrorDetails error={cancel.error} lead="Could not cancel the task" />}
      {data.tasks.length === 0 ? (
        <p className="empty-state">
          {byExtension
            ? 'No tasks yet. With the tasks extension the server decides which tool calls become tasks: run a tool, and a call answered with a task appears here.'
            : 'No tasks yet. Run a tool that supports tasks (its badge says “task”) to start one.'}
        </p>
      ) : (
        <div className="tasks-table-wrap">
          <table className="tasks-table" aria-label="Tasks">
            <thead>
              <tr>
                <th scope="col">Task</th>
                <th scope="col">Status</th>
                <th scope="col">Created</th>
                <th scope="col">Updated</th>
                <th scope="col">TTL</th>
              </tr>
            </thead>
            <tbody>
              {data.tasks.map((task, index) => (
                <TaskRow
                  key={`${index}:${task.taskId}`}
                  task={task}
                  name={taskName(task, data.tasks)}
                  canCancel={canCancel}
                  cancelling={cancel?.status === 'running' && cancel.target === task.taskId}
                  onCancel={() => startCall('task-cancel', { taskId: task.taskId })}
                  onResult={() => startCall('task-result', { taskId: task.taskId })}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {payload && (
        <div className="task-payload">
          <ToolResult
            status={payload.status === 'running' ? 'pending' : payload.status}
            outcome={payload.result?.outcome}
            error={payload.error ?? null}
            progress={{}}
          />
          {payload.result && (
            <details>
              <summary>
                {payload.result.source === 'tasks/get' ? 'The result in tasks/get, as received' : 'tasks/result as received'}
              </summary>
              <pre className="code-block">{prettyJson(payload.result.raw)}</pre>
            </details>
          )}
        </div>
      )}
    </div>
  );
}

interface RowProps {
  task: TaskInfo;
  /** A readable name: "echo · task 2" (the tool and its place among this tool's tasks), the id when no tool is known. */
  name: string;
  canCancel: boolean;
  cancelling: boolean;
  onCancel(): void;
  onResult(): void;
}

function TaskRow({ task, name, canCancel, cancelling, onCancel, onResult }: RowProps) {
  const terminal = TERMINAL_TASK_STATUSES.includes(task.status);
  return (
    <tr>
      <th scope="row" className="task-name">
        <ServerText text={name} />
        {/* The id stays whole and selectable: it is what the log, the server and tasks/get name. */}
        <div className="mono muted task-id break">
          <ServerText text={task.taskId} />
        </div>
      </th>
      <td>
        <span className={`badge task-status task-status-${task.status.replace(/[^a-z_]/g, '')}`}>
          <ServerText text={task.status} />
        </span>
        {task.statusMessage && (
          <div className="muted">
            <ServerText text={task.statusMessage} />
          </div>
        )}
        {(task.status === 'completed' || task.status === 'failed') && (
          <div>
            <button type="button" className="button button-small" onClick={onResult} aria-label={`Show result of task ${task.taskId}`}>
              Result
            </button>
          </div>
        )}
        {/* In the status cell, not a column of its own, so it stays in view on a narrow screen. */}
        {!terminal && canCancel && (
          <div>
            <button
              type="button"
              className="button button-small"
              onClick={onCancel}
              disabled={cancelling}
              aria-label={`Cancel task ${task.taskId}`}
            >
              {cancelling ? 'Cancelling…' : 'Cancel'}
            </button>
          </div>
        )}
      </td>
      <td className="mono">{task.createdAt === undefined ? '—' : formatTime(task.createdAt)}</td>
      <td className="mono">{task.lastUpdatedAt === undefined ? '—' : formatTime(task.lastUpdatedAt)}</td>
      <td>{task.ttl === null ? 'unlimited' : task.ttl === undefined ? '—' : formatTtl(task.ttl)}</td>
    </tr>
  );
}

/** "echo · task 2": the tool, and which of its tasks in the list (oldest first); the short id without a tool. */
function taskName(task: TaskInfo, all: readonly TaskInfo[]): string {
  if (task.tool === undefined) return `task ${shortTaskId(task.taskId)}`;
  const same = all.filter((other) => other.tool === task.tool);
  return same.length === 1 ? task.tool : `${task.tool} · task ${same.indexOf(task) + 1}`;
}

function formatTtl(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round(ms / 3_600_000)} h`;
}
