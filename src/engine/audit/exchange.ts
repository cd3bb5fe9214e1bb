/** One request an audit check sent, and what came back: the data the judges read. */
import type { AuditExchange } from '../../shared/audit.ts';

/** What one request got back. */
export type Answer =
  | {
      kind: 'result';
      /** The result as the engine read it: whole, but with odd cache hints clamped (features/cache-hints.ts). */
      result: unknown;
      /** The result as it crossed the wire (the Message log's copy, bounded): what the server really sent. */
      wire?: unknown;
      /** The engine refused the result (it breaks the revision's schema); the wire copy is all there is. */
      refused?: string;
    }
  | { kind: 'error'; code: unknown; message: string; data?: unknown }
  /** No JSON-RPC answer: a transport failure, a timeout, an HTTP error without a JSON-RPC body. */
  | { kind: 'none'; problem: string };

export interface Exchange {
  method: string;
  params?: Record<string, unknown>;
  answer: Answer;
  /** Where it is in the Message log and the HTTP view. */
  ids: AuditExchange;
}
