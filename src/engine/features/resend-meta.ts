/** The log's Re-send: its method, loaded on first use (listed once in src/engine/features/lazy-features.ts). */
import type { ResendApi } from '../../shared/resend.ts';
import type { FeatureContext } from './feature-context.ts';
import { deferHandlers } from './lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { ToolIndex } from './tools.ts';

export const resendFeature = ({ ctx, toolIndex }: { ctx: FeatureContext; toolIndex: ToolIndex }) =>
  deferHandlers<ResendApi>(
    { resendRequest: true },
    onFirstUse(async () => (await import('./resend.ts')).resendHandlers(ctx, toolIndex), 'its re-send of logged requests'),
  );
