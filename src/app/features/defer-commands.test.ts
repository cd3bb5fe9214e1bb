import { describe, expect, it, vi } from 'vitest';
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { deferCommands } from './defer-commands.ts';

/** What a browser throws when a chunk cannot be fetched. */
const chunkMissing = () =>
  new TypeError('Failed to fetch dynamically imported module: https://lens.example/assets/collection-commands-x.js');

function group() {
  const calls: string[] = [];
  return {
    calls,
    commands: {
      save: (name: string) => {
        calls.push(`save ${name}`);
        return name.length > 0;
      },
      open: async (name: string) => {
        calls.push(`open ${name}`);
        return Promise.resolve(`opened ${name}`);
      },
    },
  };
}

describe('deferCommands', () => {
  it('loads the group on the first call, once, and runs calls made while it loads in the order they were made', async () => {
    const { calls, commands } = group();
    const load = vi.fn(async () => commands);
    const deferred = deferCommands<typeof commands>({ save: true, open: true }, onFirstUse(load, 'its files'), () => undefined);
    expect(load).not.toHaveBeenCalled();
    const answers = await Promise.all([deferred.open('a'), deferred.save('b'), deferred.save('')]);
    expect(answers).toEqual(['opened a', true, false]);
    expect(calls).toEqual(['open a', 'save b', 'save ']);
    expect(await deferred.save('c')).toBe(true);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('says a chunk that did not load, rejects the call with our error, and tries again on the next call', async () => {
    const { commands } = group();
    const load = vi.fn().mockRejectedValueOnce(chunkMissing()).mockResolvedValue(commands);
    const failed = vi.fn<(error: EngineError) => void>();
    const deferred = deferCommands<typeof commands>({ save: true, open: true }, onFirstUse(load, 'its files'), failed);

    const error = (await deferred.save('a').catch((e: unknown) => e)) as EngineError;
    expect(isEngineError(error)).toBe(true);
    expect(error.message).toMatch(/^MCP Lens could not load its files \(it loads on first use\)\. Reload the page/);
    expect(error.detail).toContain('Failed to fetch dynamically imported module');
    expect(failed).toHaveBeenCalledExactlyOnceWith(error);

    expect(await deferred.open('b')).toBe('opened b');
    expect(load).toHaveBeenCalledTimes(2);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('leaves no unhandled rejection behind a caller that does not wait, once the failed chunk is said', async () => {
    const failed = vi.fn<(error: EngineError) => void>();
    const deferred = deferCommands<ReturnType<typeof group>['commands']>(
      { save: true, open: true },
      onFirstUse(() => Promise.reject(chunkMissing()), 'its files'),
      failed,
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      void deferred.save('a');
      await vi.waitFor(() => expect(failed).toHaveBeenCalledTimes(1));
      // Node reports an unhandled rejection after the microtasks of the turn it happened in.
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
  });
});
