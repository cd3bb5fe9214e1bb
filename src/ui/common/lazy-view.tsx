/**
 * A view in a chunk of its own that can be fetched ahead of need, and that renders at once when it was.
 *
 * React's `lazy` suspends on its first render even when the chunk is already in memory (`import()` answers in
 * a later microtask), and React 19 holds a Suspense boundary's content for up to 300 ms after its fallback
 * showed: a view prefetched long before Connect still cost a fallback and that pause before it asked the
 * server for anything. Once `preload` has finished, the component here renders the module directly.
 */
import { lazy, type ComponentType, type ReactElement } from 'react';

export interface LazyView<P extends object> {
  /** Renders the view; suspends (shows the nearest Suspense fallback) only while its chunk is still loading. */
  View: (props: P) => ReactElement;
  /** Fetches the chunk; safe to call any number of times. A failed fetch is tried again on the next call. */
  preload(): Promise<void>;
}

export function lazyView<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyView<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  // Not yet loaded: React's lazy, which shows the fallback and, should the chunk fail, throws to the error boundary.
  const Suspending = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function View(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Suspending {...props} />;
  }
  return { View, preload };
}

/**
 * Calls `preload` once the page is idle (within `timeoutMs` on a page that never is), so fetching a chunk ahead
 * never delays what is on screen. Returns the cancel, for an effect's cleanup.
 */
export function preloadWhenIdle(preload: () => Promise<void>, timeoutMs = 3000): () => void {
  const run = () => void preload().catch(() => undefined);
  if (typeof window.requestIdleCallback !== 'function') {
    const timer = window.setTimeout(run, 200);
    return () => window.clearTimeout(timer);
  }
  const idle = window.requestIdleCallback(run, { timeout: timeoutMs });
  return () => window.cancelIdleCallback(idle);
}

/** Props that fetch a view's chunk when the pointer or focus comes to the control that shows it. */
export function preloadOnIntent(preload: (() => Promise<void>) | undefined) {
  if (!preload) return {};
  const start = () => void preload().catch(() => undefined);
  return { onPointerEnter: start, onFocus: start };
}
