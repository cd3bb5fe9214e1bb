/**
 * What a failed session DELETE means for the person. The connection is over for them either way; what
 * differs is whether the server heard it. A browser that may not send DELETE (the server's CORS preflight
 * allows only GET, POST, OPTIONS) reports a bare "Failed to fetch", which says nothing about that.
 */
import { isOpaqueNetworkFailure } from '../errors/explain-error.ts';
import { describeError } from '../../shared/read.ts';

export function explainSessionEndFailure(error: unknown): { level: 'info' | 'warning'; text: string } {
  const message = describeError(error);
  if (isOpaqueNetworkFailure(error)) {
    return {
      level: 'warning',
      text: `The browser did not send the session DELETE (${message}): most likely the server's CORS preflight does not allow the DELETE method (Access-Control-Allow-Methods must include DELETE). The server was not told the session ended, so it keeps the session open until its own timeout.`,
    };
  }
  return {
    level: 'info',
    text: `The session DELETE failed (${message}). If the server did not end the session, it keeps it until its own timeout.`,
  };
}
