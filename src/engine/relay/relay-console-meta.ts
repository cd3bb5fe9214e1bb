/**
 * The relay's console (relay-console.ts), loaded on first use (listed once in src/engine/features/lazy-features.ts):
 * when a session goes through a relay (it has a relay token), or on Restart. Most connections are to a URL and never load it. The session extension is
 * here, eager, so a session closed while the code loads still stops the console it starts.
 */
import { describeError } from '../../shared/read.ts';
import type { RelayConsoleApi } from '../../shared/relay-console.ts';
import type { FeatureContext } from '../features/feature-context.ts';
import { deferHandlers } from '../features/lazy.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';
import type { SessionExtension } from '../session/session.ts';

export function relayConsoleFeature({ ctx }: { ctx: Pick<FeatureContext, 'fetch' | 'clock' | 'emit' | 'note'> }) {
  const load = onFirstUse(async () => (await import('./relay-console.ts')).relayConsole(ctx), 'the relay console');
  const extension: SessionExtension = {
    adopted(session) {
      const token = session.relayToken;
      if (token === undefined) return;
      const controller = new AbortController();
      session.onClose(async () => controller.abort());
      void load().then(
        (loaded) => loaded.follow(session, token, controller.signal).catch(() => undefined),
        // Nothing else would say why the Console tab stays empty.
        (error: unknown) => ctx.note('warning', describeError(error)),
      );
    },
  };
  return { extension, handlers: deferHandlers<RelayConsoleApi>({ restartRelayServer: true }, async () => (await load()).handlers) };
}
