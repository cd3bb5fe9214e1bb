/**
 * Whether a failed tool call still exercised the server. A server that looked at the call and said no has
 * answered, and servers say no in different ways: a result with isError (not an error here at all), a
 * JSON-RPC error, or an HTTP 4xx. All of them count the same, so the CLI's exit code does not depend on the
 * style. An authorization failure, a 5xx, a timeout or a broken answer is a failure.
 */
export function serverRefused(error: unknown): boolean {
  const { rpcCode, code, httpStatus } = (typeof error === 'object' && error !== null ? error : {}) as {
    rpcCode?: unknown;
    code?: unknown;
    httpStatus?: unknown;
  };
  // A 5xx is a failure even when its body is a JSON-RPC error (whose code the engine keeps).
  if (typeof httpStatus === 'number' && httpStatus >= 500) return false;
  if (typeof rpcCode === 'number') return true;
  return code === 'http' && typeof httpStatus === 'number' && httpStatus >= 400 && httpStatus < 500;
}
