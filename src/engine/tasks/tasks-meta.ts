/** Tasks in the engine: their methods, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { TasksApi } from '../../shared/tasks.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { deferHandlers } from '../features/lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { KnownTasks } from './known-tasks.ts';
import { loadTasks } from './load.ts';

// Most servers run no tasks: the Tasks tab's code loads with its first request.
export const tasksFeature = ({ ctx, knownTasks }: { ctx: FeatureContext; knownTasks: KnownTasks }) =>
  deferHandlers<TasksApi>(
    { listTasks: true, getTask: true, taskResult: true, cancelTask: true },
    onFirstUse(async () => (await loadTasks()).taskHandlers(ctx, knownTasks), 'its support for tasks'),
  );
