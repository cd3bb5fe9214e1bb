/** Resources in the engine: their methods, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { ResourcesApi } from '../../shared/resources-api.ts';
import type { Answering } from './answering-deadline.ts';
import type { FeatureContext } from './feature-context.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import { deferHandlers } from './lazy.ts';
import type { ListenFeature } from './listen.ts';

// Connect and the tool list never read a resource: the Resources tab's first list (or an MCP App's first read) loads this.
export const resourcesFeature = ({
  ctx,
  subscriptions,
  answering,
}: {
  ctx: FeatureContext;
  subscriptions: ListenFeature['subscriptions'];
  answering: Answering;
}) =>
  deferHandlers<ResourcesApi>(
    {
      listResources: true,
      listResourceTemplates: true,
      expandUriTemplate: true,
      readResource: true,
      subscribeResource: true,
      unsubscribeResource: true,
    },
    onFirstUse(async () => (await import('./resources.ts')).resourceHandlers(ctx, subscriptions, answering), 'its support for resources'),
  );
