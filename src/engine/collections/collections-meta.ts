/** A collection's steps in the engine: its method, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { CollectionApi } from '../../shared/collection/collection-api.ts';
import type { ToolsApi } from '../../shared/boundary.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import type { Handlers } from '../features/feature-context.ts';
import { deferHandlers } from '../features/lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export const collectionsFeature = ({ ctx, callTool }: { ctx: FeatureContext; callTool: Handlers<ToolsApi>['callTool'] }) =>
  deferHandlers<CollectionApi>(
    { sendCollectionStep: true },
    onFirstUse(async () => (await import('./collection-step.ts')).collectionHandlers(ctx, callTool), 'its collection runs'),
  );
