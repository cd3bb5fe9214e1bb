/**
 * Errors as they cross the boundary: a category a program can branch on, one plain sentence a person can
 * act on, and the raw detail one click away.
 */
import type { CorsDiagnosis } from './cors.ts';
import type { UrlElicitation } from './client-features.ts';

const ENGINE_ERROR_CODES = [
  'invalid-url',
  'cors',
  'unreachable',
  'http',
  'unauthorized',
  'bad-response',
  'unsupported-version',
  'timeout',
  'protocol',
  'not-connected',
  'cancelled',
  'internal',
  /** The UI sent something the engine will not forward (an empty URI, a bad template). */
  'invalid-input',
  /** The method does not exist in the protocol revision this server speaks (e.g. ping on 2026-07-28). */
  'not-in-revision',
  /** A task needed input and the call was made not to answer it (`TaskFollowPolicy.inputRequired: 'cancel'`). */
  'input-required',
] as const;

type EngineErrorCode = (typeof ENGINE_ERROR_CODES)[number];

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
  /** What the CORS doctor found, when it could probe (src/engine/features/cors-doctor.ts). */
  cors?: CorsDiagnosis;
  /** The response stream ended before the answer: the request was lost in transit, not refused. */
  lostInTransit?: boolean;
  /**
   * The URL that most likely works instead, when the failure says so: the scheme a person left off, or http://
   * where https:// reached a port that speaks plain http. The app offers it as a one-click fix.
   */
  suggestedUrl?: string;
  /** For JSON-RPC error -32042 (URL elicitation required): the URL elicitations the server asks for first. */
  urlElicitations?: UrlElicitation[];
}

/**
 * Data on the JSON-RPC errors MCP Lens answers a server's request for input with. In 2025 they go back to
 * the server; in 2026-07-28 there is no way back (input rides in a retry), so they end the call, and the
 * explanation must say it was us, not the server.
 */
export const REFUSED_BY_US = { mcpLensRefused: true } as const;

/** True for our plain-data errors only; SDK errors also carry string codes, but in another vocabulary. */
export function isEngineError(value: unknown): value is EngineError {
  if (typeof value !== 'object' || value === null || Object.getPrototypeOf(value) !== Object.prototype) return false;
  const { code, message } = value as Partial<EngineError>;
  return typeof message === 'string' && (ENGINE_ERROR_CODES as readonly unknown[]).includes(code);
}

/** Any thrown value as an EngineError: ours unchanged, anything else as an internal failure with its text. */
export function asEngineError(error: unknown, message = 'The call failed unexpectedly.'): EngineError {
  if (isEngineError(error)) return error;
  return { code: 'internal', message, detail: String(error) };
}
