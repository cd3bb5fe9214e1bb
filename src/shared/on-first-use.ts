/**
 * Code that most sessions never run loads on first use, in the engine (src/engine/features/lazy.ts) and in the
 * app (src/app/features/defer-commands.ts): Vite puts each `import()` in a chunk of its own.
 *
 * A chunk that does not load (the app was redeployed under an open tab, the network dropped) must not pass
 * for the server's fault: the browser reports it as a bare TypeError, which the engine reads as a refused
 * fetch and answers with a CORS diagnosis of the server. Here it becomes an EngineError that says which part
 * of MCP Lens failed to load and what to do.
 */
import { isEngineError, type EngineError } from './errors.ts';
import { describeError } from './read.ts';

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
