/** logging/setLevel; the server's log messages reach the UI as message events like every other frame. */
import type { EngineError } from '../../shared/errors.ts';
import { isLogLevel, type LoggingApi } from '../../shared/logging-api.ts';
import type { FeatureContext, Handlers } from '../feature-context.ts';
import { rawRequest } from './paginate.ts';

export function loggingHandlers(ctx: FeatureContext): Handlers<LoggingApi> {
  return {
    async setLogLevel({ level }, signal) {
      if (!isLogLevel(level)) throw { code: 'invalid-input', message: `"${String(level)}" is not a log level.` } satisfies EngineError;
      const { client } = ctx.requireSession();
      await rawRequest(client, 'logging/setLevel', { level }, { ...(signal && { signal }) });
      return undefined;
    },
  };
}
