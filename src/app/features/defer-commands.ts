/**
 * A feature's command group whose code loads on its first use, so the first screen carries none of it: the
 * app's counterpart of the engine's `deferHandlers` (src/engine/features/lazy.ts). The group's names are
 * listed in the feature's `*-meta.ts` (a record, so the compiler says when one is missing or extra), and each
 * command answers a promise of what the loaded one answers. Calls made while the chunk loads run, in the
 * order they were made, once it is in; a chunk that does not load is said where a note goes (`failed`: the
 * log, and the Activity strip in demo mode) and rejects the call with that error, and the next call tries
 * again.
 */
import type { EngineError } from '../../shared/errors.ts';

type Command = (...args: never[]) => unknown;

/** Each command of `Group`, answering a promise of what it answered. */
export type Deferred<Group> = {
  [Name in keyof Group]: Group[Name] extends (...args: infer Args) => infer Result ? (...args: Args) => Promise<Awaited<Result>> : never;
};

/**
 * `load` is `onFirstUse`'s (src/shared/on-first-use.ts): it loads the module and builds the group once, and
 * fails as our EngineError that says what did not load and what to do.
 */
export function deferCommands<Group extends Record<keyof Group, Command>>(
  names: Record<keyof Group, true>,
  load: () => Promise<Group>,
  failed: (error: EngineError) => void,
): Deferred<Group> {
  type Loose = Record<string, (...args: unknown[]) => unknown>;
  const deferred: Loose = {};
  for (const name of Object.keys(names)) {
    deferred[name] = (...args) => {
      // Set before the load can fail: the catch below runs after an await.
      const call: { answer?: Promise<unknown> } = {};
      call.answer = (async () => {
        let group: Loose;
        try {
          group = (await load()) as unknown as Loose;
        } catch (error) {
          failed(error as EngineError);
          // Said where notes go: a caller that does not wait for the answer (`void save()`) must not add an
          // unhandled rejection to the console as well. A caller that waits still gets the error; a command's
          // own errors stay unhandled where nobody waits, as any call's do.
          call.answer?.catch(() => undefined);
          throw error;
        }
        return group[name]!(...args);
      })();
      return call.answer;
    };
  }
  return deferred as Deferred<Group>;
}
