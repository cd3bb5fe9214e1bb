/** Argument typeahead (completion/complete): its method, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { CompletionsApi } from '../../shared/completions-api.ts';
import type { FeatureContext } from './feature-context.ts';
import { deferHandlers } from './lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export const completionsFeature = ({ ctx }: { ctx: FeatureContext }) =>
  deferHandlers<CompletionsApi>(
    { complete: true },
    onFirstUse(async () => (await import('./completions.ts')).completionHandlers(ctx), 'its argument typeahead'),
  );
