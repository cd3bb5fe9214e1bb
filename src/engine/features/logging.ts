/**
 * The server's log level. The 2025 era sets it once with logging/setLevel; 2026-07-28 removed that method,
 * so the level rides in the `_meta` of every later request instead (src/engine/sdk/sdk-client.ts). Either way
 * the log messages reach the UI as message events like every other frame.
 */
import type { EngineError } from '../../shared/errors.ts';
import { isLogLevel, LOG_LEVEL_OFF, type LoggingApi } from '../../shared/logging-api.ts';
import type { FeatureContext, Handlers } from './feature-context.ts';
import { requestWith } from '../wire/call-marks.ts';
import { rawRequest } from './paginate.ts';

export function loggingHandlers(ctx: FeatureContext): Handlers<LoggingApi> {
  return {
    async setLogLevel({ level }, signal, job) {
      if (!isLogLevel(level) && level !== LOG_LEVEL_OFF)
        throw { code: 'invalid-input', message: `"${String(level)}" is not a log level.` } satisfies EngineError;
      const { client, profile } = ctx.requireSession();
      if (profile.logLevelVia === 'request-meta') {
        client.logLevel = level === LOG_LEVEL_OFF ? undefined : level;
        return undefined;
      }
      if (level === LOG_LEVEL_OFF && !profile.logLevelOff) {
        throw {
          code: 'invalid-input',
          message:
            'A 2025-era server cannot be told to stop logging: logging/setLevel takes a level. Choose "emergency" to get the fewest messages.',
        } satisfies EngineError;
      }
      await ctx.asJob(job, requestWith('logging/setLevel', { level }), () =>
        rawRequest(client, 'logging/setLevel', { level }, { ...(signal && { signal }) }),
      );
      return undefined;
    },
  };
}
