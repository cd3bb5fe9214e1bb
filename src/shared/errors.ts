/**
 * Errors as they cross the boundary: a category a program can branch on, one plain sentence a person can
 * act on, and the raw detail one click away.
 */
export type EngineErrorCode =
  | 'invalid-url'
  | 'cors'
  | 'unreachable'
  | 'http'
  | 'unauthorized'
  | 'bad-response'
  | 'unsupported-version'
  | 'timeout'
  | 'protocol'
  | 'not-connected'
  | 'cancelled'
  | 'internal';

export interface EngineError {
  code: EngineErrorCode;
  /** One line in plain words, saying what to do next where we can. */
  message: string;
  /** Raw detail: the underlying error text, an excerpt of an HTTP body, a JSON-RPC error object. */
  detail?: string;
  httpStatus?: number;
  /** The JSON-RPC error code when the server answered with an error. */
  rpcCode?: number;
  /** What a browser client needs from the server, when the failure is CORS. */
  corsRequirements?: string[];
}

export function isEngineError(value: unknown): value is EngineError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as EngineError).code === 'string' &&
    typeof (value as EngineError).message === 'string'
  );
}
