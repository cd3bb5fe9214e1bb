import { LENS_CONTEXT_META, readLensContext, type LensContext } from '../../shared/relay.ts';

/**
 * Where this copy of the app came from, as the server that served it said in the page (src/shared/relay.ts,
 * `LENS_CONTEXT_META`): read once, since it cannot change while the page lives.
 */
let context: LensContext | undefined;
export function lensContext(): LensContext {
  context ??= readLensContext(document.querySelector(`meta[name="${LENS_CONTEXT_META}"]`)?.getAttribute('content'));
  return context;
}

/** This page's address without its query and fragment: what the relay's link should open. */
export const thisAppUrl = (): string => `${window.location.origin}${window.location.pathname}`;
