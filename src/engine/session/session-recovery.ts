/** Recognising a lost session (HTTP 404 with a session id) and saying what happened after re-initializing. */
import { SdkHttpError } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';

export function isSessionGone(error: unknown): boolean {
  return SdkHttpError.isInstance(error) && error.status === 404;
}

export function sessionGoneError(reinitialized: boolean, why?: string): EngineError {
  return reinitialized
    ? {
        code: 'http',
        httpStatus: 404,
        message:
          'The server had forgotten the session (HTTP 404), so MCP Lens started a new one. The request was not repeated; run it again.',
      }
    : {
        code: 'http',
        httpStatus: 404,
        message: `The server had forgotten the session (HTTP 404), and starting a new one failed too: ${why ?? 'unknown error'}`,
      };
}
