/**
 * Code a plain connection never runs is loaded on first use: the OAuth flow, tasks, the outputSchema check
 * and the pattern engine, the checks of sampling requests and elicitation forms, session files, Re-send,
 * argument typeahead and the relay's console.
 * Vite puts each `import()` in a chunk of its own, so the worker script that loads before Connect carries
 * none of it; the Node bundles inline them.
 *
 * A chunk that does not load (the app was redeployed under an open tab, the network dropped) must not pass
 * for the server's fault: the browser reports it as a bare TypeError, which the engine reads as a refused
 * fetch and answers with a CORS diagnosis of the server. Here it becomes an EngineError that says which part
 * of MCP Lens failed to load and what to do.
 */
import { isEngineError, type EngineError } from '../../shared/errors.ts';
import { describeError } from '../../shared/read.ts';
import type { Handlers } from './feature-context.ts';

/**
 * `load` on the first call, what it loaded shared by the later ones. A failed load is not kept, so the next
 * use tries again; it fails as `chunkFailed`'s EngineError (or as the EngineError `load` itself threw).
 */
export function onFirstUse<M>(load: () => Promise<M>, what: string): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw isEngineError(error) ? error : chunkFailed(what, error);
    }));
}

/** The error a failed chunk load becomes: ours (so it is never explained as the server's), with the browser's words as detail. */
function chunkFailed(what: string, error: unknown): EngineError {
  return {
    code: 'internal',
    message: `MCP Lens could not load ${what} (it loads on first use). Reload the page and try again; if it keeps failing, the app's files on this host are incomplete or were replaced by another version.`,
    detail: describeError(error),
  };
}

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
