/**
 * The spec says a session id "MUST only contain visible ASCII characters (0x21 to 0x7E)". One that does
 * not would make every later request fail inside fetch (a header value the browser refuses) with an
 * error that looks like a network failure, so it is refused at the handshake with the reason instead.
 */
import type { EngineError } from '../../shared/errors.ts';

/** Longer than any real id (UUIDs, JWTs); a 10 KB id is a server bug or an attack on our memory. */
const MAX_SESSION_ID_CHARS = 1024;

function sessionIdProblem(id: string): string | undefined {
  if (id.length > MAX_SESSION_ID_CHARS) return `it is ${id.length} characters long (the limit is ${MAX_SESSION_ID_CHARS})`;
  const bad = /[^\x21-\x7e]/.exec(id);
  if (bad) return `it contains ${JSON.stringify(bad[0])} at position ${bad.index}; only visible ASCII (0x21–0x7E) is allowed`;
  return undefined;
}

export function checkSessionId(id: string | undefined): void {
  if (id === undefined) return;
  const problem = sessionIdProblem(id);
  if (problem) {
    throw {
      code: 'bad-response',
      message: `The server's Mcp-Session-Id is not valid: ${problem}. Fix how the server generates session ids.`,
      detail: id.slice(0, 200),
    } satisfies EngineError;
  }
}
