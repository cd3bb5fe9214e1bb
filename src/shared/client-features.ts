/**
 * The client side of MCP that a person answers: which capabilities this connection declares, the roots
 * it offers, and the server→client requests waiting for an answer. Plain data for the worker boundary.
 */

/** Each capability is switchable per connection, so a user can see how a server treats a client without it. */
export interface ClientFeatureSettings {
  /** `sampling {}`: the server may ask for an LLM completion (a person writes it). */
  sampling: boolean;
  /** `sampling.tools {}`: sampling requests may offer tools (2025-11-25). Only with `sampling`. */
  samplingTools: boolean;
  /** `elicitation.form {}`: the server may ask for structured input. */
  elicitationForm: boolean;
  /** `elicitation.url {}`: the server may send the person to a URL (2025-11-25). */
  elicitationUrl: boolean;
  /** `roots { listChanged: true }`: the server may ask for the roots list. */
  roots: boolean;
}

export const DEFAULT_CLIENT_FEATURES: ClientFeatureSettings = {
  sampling: true,
  samplingTools: true,
  elicitationForm: true,
  elicitationUrl: true,
  roots: true,
};

export interface Root {
  /** A file:// URI, as the spec requires. */
  uri: string;
  name?: string;
}

/** A request of ours that a server request belongs to (it arrived on that request's response stream). */
/**
 * MCP 2026-07-28: how many rounds of input one request may ask for before MCP Lens stops answering; a server
 * that keeps asking is looping.
 */
export const MAX_INPUT_ROUNDS = 10;

export interface RelatedRequest {
  rpcId: string | number;
  method: string;
  /** The tool name for tools/call, the prompt name for prompts/get, … */
  target?: string;
  /** MCP 2026-07-28: which round of a multi round-trip request this input is for (1 = the first answer). */
  round?: number;
}

type ServerRequestKind = 'sampling' | 'elicitation-form' | 'elicitation-url';

export interface PendingServerRequest {
  /** The engine's id for this pending request (unique per engine, unlike the server's JSON-RPC id). */
  id: string;
  rpcId: string | number;
  kind: ServerRequestKind;
  method: string;
  /** The requesting server's name, as the spec asks a client to show. */
  serverName: string;
  receivedAt: number;
  /** The request's params as the server sent them, bounded. */
  params: Record<string, unknown>;
  related?: RelatedRequest;
  /** `_meta["io.modelcontextprotocol/related-task"].taskId`, when the request belongs to a task. */
  relatedTaskId?: string;
  /** For sampling: whether this connection declared `sampling.tools` (tool_use replies are allowed). */
  toolsAllowed?: boolean;
}

/** The person's answer. Sampling: approve (with the reply) or reject; elicitation: accept, decline or cancel. */
export type ServerRequestAnswer =
  | { action: 'approve'; result: Record<string, unknown> }
  | { action: 'reject' }
  | { action: 'accept'; content?: Record<string, unknown> }
  | { action: 'decline' }
  | { action: 'cancel' };

export type ServerRequestEndReason = 'answered' | 'cancelled' | 'closed' | 'refused';

export interface UrlElicitation {
  elicitationId: string;
  url: string;
  message: string;
}

/** How many server requests may wait for a person at once; more are refused with an error (and logged). */
export const MAX_PENDING_SERVER_REQUESTS = 20;
