import { randomBytes } from 'node:crypto';

import {
  createRequestStateCodec,
  isInputRequiredResult,
  type CallToolResult,
  type InputRequiredResult,
  type ProtocolEra,
  type RequestOptions,
  type ServerContext,
} from '@modelcontextprotocol/server';
import type * as z from 'zod';

/**
 * Helpers for tools that ask the client for input in rounds (2026-07-28 multi round-trip requests).
 *
 * A round-based tool is a function of what the client answered last time and of the state the tool left
 * itself. It either finishes with a result or returns `inputRequired(...)` with more questions. On a
 * 2026-07-28 request the client fulfils the questions and calls again; on a 2025 session the SDK's own
 * shim sends them as server→client requests and re-enters the handler, so the same handler serves both.
 */

interface StatePayload {
  tool: string;
  data: unknown;
}

/**
 * requestState travels through the client and comes back as untrusted input, so it is signed. One random
 * key per process is enough: the same process serves every round of a flow (a 2025 session, or the
 * stateless retries of a 2026 client against this one server).
 */
const codec = createRequestStateCodec<StatePayload>({ key: randomBytes(32), ttlSeconds: 600 });

/** For `ServerOptions.requestState.verify`: refuses state this process did not mint (the SDK answers -32602). */
export const verifyRequestState = (state: string, ctx: ServerContext): Promise<StatePayload> => codec.verify(state, ctx);

export interface Round {
  /** The answers to the previous round's questions, keyed as asked; empty on a first call. Untrusted. */
  responses: Record<string, unknown>;
  /** What the previous round left in requestState, already verified; undefined on a first call. */
  state: StatePayload | undefined;
}

export type RoundResult = CallToolResult | InputRequiredResult;

/** The round a handler is in, read from its context (the SDK has verified and decoded the state). */
export function roundOf(ctx: ServerContext): Round {
  return { responses: ctx.mcpReq.inputResponses ?? {}, state: ctx.mcpReq.requestState<StatePayload>() };
}

/** Seals `data` as requestState for `tool`; another tool reading it sees nothing (see {@link stateOf}). */
export function mintState(tool: string, data: unknown): Promise<string> {
  return codec.mint({ tool, data });
}

/** The state `tool` left itself in the previous round, or undefined when there is none or it does not fit. */
export function stateOf<T>(round: Round, tool: string, schema: z.ZodType<T>): T | undefined {
  if (round.state?.tool !== tool) return undefined;
  const parsed = schema.safeParse(round.state.data);
  return parsed.success ? parsed.data : undefined;
}

const MAX_PUSHED_ROUNDS = 8;

/**
 * Runs a round-based tool on a 2025 session by sending each round's questions as server→client requests
 * and calling the round function again with the answers — what the SDK's shim does, with two differences
 * the demo needs for its deliberately awkward tools: it does not check the client's declared capabilities
 * first (so a client's own refusal can be seen on the wire), and a refusal or timeout is thrown back to
 * the tool (so it can say what came back) instead of being turned into a generic error result.
 */
async function runWithPushedRequests(
  ctx: ServerContext,
  run: (round: Round) => Promise<RoundResult>,
  options?: RequestOptions,
): Promise<CallToolResult> {
  let round: Round = { responses: {}, state: undefined };
  for (let i = 0; i < MAX_PUSHED_ROUNDS; i++) {
    const result = await run(round);
    if (!isInputRequiredResult(result)) return result;
    const asked = Object.entries(result.inputRequests ?? {});
    // The SDK's InputRequest allows `params: undefined`, which its own send() type refuses under
    // exactOptionalPropertyTypes; the value is the same request either way.
    const send = (request: object) => ctx.mcpReq.send(request as { method: 'roots/list' }, options);
    const answers = await Promise.all(asked.map(async ([key, request]) => [key, await send(request)] as const));
    const state = result.requestState === undefined ? undefined : await codec.verify(result.requestState, ctx);
    round = { responses: Object.fromEntries(answers), state };
  }
  throw new Error(`Gave up after ${MAX_PUSHED_ROUNDS} rounds of questions.`);
}

/**
 * Serves a round-based tool that must not go through the SDK's shim (see {@link runWithPushedRequests}):
 * as `input_required` results on a 2026-07-28 request, as pushed requests on a 2025 session.
 */
export function runRounds(
  era: ProtocolEra,
  ctx: ServerContext,
  run: (round: Round) => Promise<RoundResult>,
  options?: RequestOptions,
): Promise<RoundResult> {
  return era === 'modern' ? run(roundOf(ctx)) : runWithPushedRequests(ctx, run, options);
}

/** A text summary followed by the data as pretty JSON: what the client-feature tools return. */
export function summary(text: string, data: unknown, isError = false): CallToolResult {
  return {
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(data, null, 2) },
    ],
    isError,
  };
}
