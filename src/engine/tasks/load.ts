/**
 * The tasks code, loaded with the first task a tool call creates or the first request of the Tasks tab
 * (see lazy.ts): most servers run no tasks, and the worker script that loads before Connect leaves it out.
 */
import { onFirstUse } from '../../shared/on-first-use.ts';

/** 2025-11-25 tasks and the Tasks tab's requests (tasks.ts). */
export const loadTasks = onFirstUse(() => import('./tasks.ts'), 'its support for tasks');
/** Following a 2026-07-28 task handle (task-extension.ts). */
export const loadTaskExtension = onFirstUse(() => import('./task-extension.ts'), 'its support for the tasks extension');
