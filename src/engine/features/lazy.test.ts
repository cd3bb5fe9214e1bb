import { describe, expect, it, vi } from 'vitest';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import type { TaskList, TasksApi } from '../../shared/tasks.ts';
import { explainError, isOpaqueNetworkFailure } from '../errors/explain-error.ts';
import { deferHandlers } from './lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

/** What a browser throws when a chunk cannot be fetched: the same bare TypeError as a CORS refusal. */
const chunkMissing = () => new TypeError('Failed to fetch dynamically imported module: https://lens.example/assets/on-demand-x.js');

describe('onFirstUse', () => {
  it('loads once and shares what it loaded', async () => {
    const load = vi.fn(async () => ({ answer: 42 }));
    const get = onFirstUse(load, 'its answer');
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(await get()).toBe(a);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a chunk that did not load as our EngineError, never as the server refusing a fetch', async () => {
    const get = onFirstUse(() => Promise.reject(chunkMissing()), 'its OAuth sign-in');
    const error = (await get().catch((e: unknown) => e)) as EngineError;
    expect(isEngineError(error)).toBe(true);
    expect(error.code).toBe('internal');
    expect(error.message).toContain('MCP Lens could not load its OAuth sign-in');
    expect(error.message).toContain('Reload the page');
    expect(error.detail).toContain('Failed to fetch dynamically imported module');
    // The engine explains it as it is: no CORS diagnosis of the server, no "unreachable".
    expect(isOpaqueNetworkFailure(error)).toBe(false);
    expect(explainError(error)).toBe(error);
  });

  it('tries again on the next use after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(chunkMissing()).mockResolvedValueOnce('loaded');
    const get = onFirstUse(load, 'its answer');
    await expect(get()).rejects.toMatchObject({ code: 'internal' });
    await expect(get()).resolves.toBe('loaded');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('keeps an EngineError the load itself threw', async () => {
    const inner: EngineError = { code: 'internal', message: 'MCP Lens could not load its support for tasks.' };
    await expect(onFirstUse(() => Promise.reject(inner), 'the Tasks tab')()).rejects.toBe(inner);
  });
});

type PairApi = Pick<TasksApi, 'listTasks' | 'getTask'>;
const none: TaskList = { tasks: [], source: 'session', pages: 0 };

describe('deferHandlers', () => {
  it('loads nothing until a handler is called, then passes params, signal and job to the loaded one', async () => {
    const getTask = vi.fn(async ({ taskId }: { taskId: string }, signal?: AbortSignal) => ({ taskId, status: String(signal?.aborted) }));
    const load = vi.fn(async () => ({ listTasks: async () => none, getTask }));
    const handlers = deferHandlers<PairApi>({ listTasks: true, getTask: true }, onFirstUse(load, 'tasks'));
    expect(load).not.toHaveBeenCalled();
    const signal = new AbortController().signal;
    await expect(handlers.getTask({ taskId: 't1' }, signal, 'task-result-1')).resolves.toEqual({ taskId: 't1', status: 'false' });
    expect(getTask).toHaveBeenCalledWith({ taskId: 't1' }, signal, 'task-result-1');
    await expect(handlers.listTasks(undefined)).resolves.toBe(none);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fails the call with the load error', async () => {
    const handlers = deferHandlers<PairApi>(
      { listTasks: true, getTask: true },
      onFirstUse(() => Promise.reject(chunkMissing()), 'its support for tasks'),
    );
    await expect(handlers.listTasks(undefined)).rejects.toMatchObject({
      code: 'internal',
      message: expect.stringContaining('its support for tasks'),
    });
  });
});
