/** The Playground in the engine: its methods, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { PlaygroundApi } from '../../shared/playground.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { deferHandlers } from '../features/lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { PlaygroundOptions } from './feature.ts';

/** The Playground's part of the engine's environment (`EngineEnv`). */
interface PlaygroundEnv {
  /** Where the Playground may remember provider keys (the worker passes `indexedDB`); absent, keys stay in memory. */
  playground?: PlaygroundOptions;
}

// The Playground's provider clients: most connections never talk to a model.
export const playgroundFeature = ({ ctx, env }: { ctx: FeatureContext; env: PlaygroundEnv }) =>
  deferHandlers<PlaygroundApi>(
    { setProviderKey: true, providerKeyState: true, rememberProviderKey: true, modelTurn: true },
    onFirstUse(async () => (await import('./feature.ts')).playgroundHandlers(ctx, env.playground), 'its Playground'),
  );
