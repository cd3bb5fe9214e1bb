/**
 * Sending a logged request again, as it was or edited: what may be sent, the draft a person edits, and the
 * words for what is wrong with it. The editor (src/ui/log/) and the engine (src/engine/features/resend.ts)
 * check a draft with the same rules, so what the editor accepts the engine sends.
 */
import { CUT_MARK } from './bounds.ts';
import { describeError, formatCount, isRecord } from './read.ts';

/** A request as a person edits it: the method and params. The id and `jsonrpc` are the engine's to assign. */
export interface ResendDraft {
  method: string;
  params?: Record<string, unknown>;
}

/** Which logged request it came from, for the mark on the new log entry. */
export interface ResendOrigin {
  /** The `seq` of the logged request. */
  seq: number;
  /** Its JSON-RPC id, as the log row shows it. */
  rpcId?: string | number;
}

/**
 * The mark on the re-sent request, in the log (`MessageOrigin`, tagged `feature: 'resend'`): `id` and `job` are
 * the registry's job that re-sent it (called without one, `id` is the seq it repeats and there is no `job`);
 * `fromSeq` and `fromId` are the logged request's `seq` and JSON-RPC id, `edited` whether the draft was changed.
 */
export interface ResentOrigin {
  id: string;
  job?: string;
  fromSeq: number;
  fromId?: string | number;
  edited: boolean;
}

export interface ResendApi {
  /**
   * Sends one request on the current session, through the same path as every other request (the 2026-07-28
   * `_meta` envelope and `Mcp-Method` headers included), marked in the log as re-sent from `from`.
   */
  resendRequest: { params: { draft: ResendDraft; from: ResendOrigin; edited: boolean }; result: ResendResult };
}

export interface ResendResult {
  /** The server's result, bounded (see boundJson). */
  result: unknown;
  durationMs: number;
}

/** Longest draft accepted, in characters: a request a person edits by hand, not a bulk upload. */
const MAX_DRAFT_CHARS = 1_000_000;
const MAX_METHOD_CHARS = 200;
/** What the mask of redact.ts starts with: a copied value, never the secret itself. */
const MASK = '••••';
/** `_meta` keys the engine writes on each request (the 2026-07-28 envelope) rather than the person. */
const ENVELOPE_PREFIX = 'io.modelcontextprotocol/';

/** Requests a server sends to a client: a server has nothing to answer when a client sends them. */
const CLIENT_SIDE = new Set(['sampling/createMessage', 'elicitation/create', 'roots/list']);

/** Why MCP Lens does not send `method` again by hand, or undefined when it may. */
export function resendRefusal(method: string): string | undefined {
  if (method === 'initialize')
    return 'initialize opens a session, and the engine sends it when you press Connect: a second one would confuse the session. Disconnect and Connect to start over.';
  if (method.startsWith('notifications/'))
    return `${method} is a notification, not a request: the server sends no answer to show, and the engine sends notifications itself when they are due.`;
  if (method === 'subscriptions/listen')
    return 'The engine keeps the one subscriptions/listen stream of this connection open; a second one would never end. Subscribe from the Resources tab instead.';
  if (CLIENT_SIDE.has(method)) return `${method} is a request a server sends to a client; a server does not answer it.`;
  return undefined;
}

/** The draft of a logged request: its method and params, without what the engine assigns (id, envelope, progress token). */
export function draftOf(message: unknown): ResendDraft | undefined {
  if (!isRecord(message) || typeof message.method !== 'string') return undefined;
  const params = isRecord(message.params) ? withoutEngineMeta(message.params) : undefined;
  return { method: message.method, ...(params !== undefined && { params }) };
}

function withoutEngineMeta(params: Record<string, unknown>): Record<string, unknown> {
  const { _meta: meta, ...rest } = params;
  if (!isRecord(meta)) return params;
  // The progress token is the old request's id: the SDK gives a new request its own when it wants progress.
  const kept = Object.entries(meta).filter(([key]) => !key.startsWith(ENVELOPE_PREFIX) && key !== 'progressToken');
  return kept.length === 0 ? rest : { ...rest, _meta: Object.fromEntries(kept) };
}

export type DraftCheck = { ok: true; draft: ResendDraft } | { ok: false; problem: string };

/** A draft's text as the editor shows it. */
export const draftText = (draft: ResendDraft): string => JSON.stringify(draft, null, 2);

/** Reads what a person typed into the editor, and says in words what is wrong with it. */
export function parseDraft(text: string): DraftCheck {
  if (text.length > MAX_DRAFT_CHARS)
    return { ok: false, problem: `The request is longer than ${formatCount(MAX_DRAFT_CHARS)} characters.` };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: `This is not valid JSON: ${describeError(error)}.` };
  }
  if (!isRecord(value)) return { ok: false, problem: 'Write one JSON object: { "method": "tools/call", "params": { … } }.' };
  // Pasted from Copy as JSON: the id and jsonrpc are assigned again, so they are left out rather than refused.
  return checkDraft(Object.fromEntries(Object.entries(value).filter(([key]) => key !== 'id' && key !== 'jsonrpc')));
}

/** The rules a draft must meet, for the editor and again in the engine (the boundary is a trust boundary too). */
export function checkDraft(value: Record<string, unknown>): DraftCheck {
  const { method, params, ...others } = value;
  const unknown = Object.keys(others);
  if (unknown.length > 0) return { ok: false, problem: `Unknown field "${unknown[0]}": a request has only "method" and "params".` };
  if (typeof method !== 'string' || method.trim() === '') return { ok: false, problem: '"method" must be a string, e.g. "tools/call".' };
  if (method.length > MAX_METHOD_CHARS) return { ok: false, problem: `"method" is longer than ${MAX_METHOD_CHARS} characters.` };
  const refusal = resendRefusal(method);
  if (refusal !== undefined) return { ok: false, problem: refusal };
  if (params !== undefined && !isRecord(params)) return { ok: false, problem: '"params" must be an object, or be left out.' };
  const text = params === undefined ? '' : JSON.stringify(params);
  if (text.length > MAX_DRAFT_CHARS) return { ok: false, problem: `"params" is longer than ${formatCount(MAX_DRAFT_CHARS)} characters.` };
  if (text.includes(MASK))
    return {
      ok: false,
      problem: `A value holds the mask ${MASK}: that is what MCP Lens shows in place of a secret, not the secret. Type the real value, or take the field out.`,
    };
  const cut = CUT_MARK.exec(text)?.[0];
  if (cut !== undefined)
    return {
      ok: false,
      problem: `A value holds "${cut}": the log kept only part of it. Put the whole value back, or take the field out.`,
    };
  return { ok: true, draft: { method, ...(params !== undefined && { params }) } };
}
