/**
 * Code a plain connection never runs is loaded on first use: the OAuth flow, tasks, the outputSchema check
 * and the pattern engine, the checks of sampling requests and elicitation forms, session files, Re-send,
 * argument typeahead and the relay's console.
 * Vite puts each `import()` in a chunk of its own, so the worker script that loads before Connect carries
 * none of it; the Node bundles inline them. A chunk that does not load fails as an EngineError of ours
 * (`onFirstUse`, src/shared/on-first-use.ts), never as the server's fault.
 */
import type { Handlers } from './feature-context.ts';

/**
 * A feature's handlers whose code loads on the first call of any of them: `load` is `onFirstUse`'s, loading
 * the module and building the handlers once. `methods` names every handler, as a record so the compiler says
 * when one is missing: the engine's handler map is complete before anything is loaded.
 */
export function deferHandlers<Api>(methods: Record<keyof Handlers<Api>, true>, load: () => Promise<Handlers<Api>>): Handlers<Api> {
  type Loose = Record<string, (params: unknown, signal?: AbortSignal, job?: string) => Promise<unknown>>;
  const deferred: Loose = {};
  for (const method of Object.keys(methods)) {
    deferred[method] = async (params, signal, job) => ((await load()) as unknown as Loose)[method]!(params, signal, job);
  }
  return deferred as unknown as Handlers<Api>;
}
