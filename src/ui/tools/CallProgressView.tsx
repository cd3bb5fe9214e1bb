import type { CallProgress } from '../../shared/events.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { ServerText } from '../common/ServerText.tsx';

/** A running call's latest progress and task status, as the calls registry keeps them (src/state/calls-store.ts). */
export interface CallProgressState {
  progress?: CallProgress;
  task?: TaskInfo;
}

/**
 * A running call: a progress bar from notifications/progress (indeterminate until the server sends a
 * total), its message, and for a task its status and statusMessage from tasks/get.
 */
export function CallProgressView({ state }: { state: CallProgressState }) {
  const { progress, task } = state;
  const total = progress?.total !== undefined && progress.total > 0 ? progress.total : undefined;
  const percent = total !== undefined && progress ? Math.min(100, Math.round((progress.progress / total) * 100)) : undefined;
  return (
    <div className="call-progress">
      <progress
        className="progress-bar"
        aria-label="Tool progress"
        {...(total !== undefined && progress ? { max: total, value: Math.min(progress.progress, total) } : {})}
      />
      <p className="muted" aria-live="polite">
        {progress
          ? `${percent !== undefined ? `${percent}% — ` : ''}${progress.progress}${total !== undefined ? ` of ${total}` : ''}`
          : task
            ? 'Running as a task…'
            : 'Running…'}
        {progress?.message && (
          <>
            {' · '}
            <ServerText text={progress.message} />
          </>
        )}
      </p>
      {task && <TaskLine task={task} />}
    </div>
  );
}

export function TaskLine({ task }: { task: TaskInfo }) {
  return (
    <p className="task-line">
      <span className={`badge task-status task-status-${task.status.replace(/[^a-z_]/g, '')}`}>
        <ServerText text={task.status} />
      </span>{' '}
      <span className="mono muted">
        task <ServerText text={task.taskId} />
      </span>
      {task.statusMessage && (
        <>
          {' · '}
          <ServerText text={task.statusMessage} />
        </>
      )}
    </p>
  );
}
