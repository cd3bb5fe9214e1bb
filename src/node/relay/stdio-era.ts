import { isJSONRPCErrorResponse, type JSONRPCResponse } from '@modelcontextprotocol/server';

import { isRecord } from '../../shared/read.ts';
import { RELAY_ERA_DATA_KEY, type RelayEraReason } from '../../shared/relay.ts';
import { jsonRpcError } from '../http/rpc-error.ts';
import type { RequestId } from './request-id.ts';
import type { ExchangeOptions } from './stdio-exchanges.ts';

/** How long the era probe may go unanswered before the relay answers it as a 2025 server would. */
export const DEFAULT_PROBE_TIMEOUT_MS = 10_000;

const UNSUPPORTED_PROTOCOL_VERSION = -32022;

export interface EraLedger {
  /** Whether 2026-07-28 messages may reach the server: it is not known to speak 2025 only, nor in a 2025 session. */
  takesModern(): boolean;
  /** The answer to a 2026-07-28 request the server must not see, or undefined to forward it. */
  refuseModern(method: string, id: RequestId): Response | undefined;
  /** The answer to a 2025 `initialize` the server must not see, or undefined to forward it. */
  refuseInitialize(id: RequestId | null): Response | undefined;
  /** How to forward a 2026-07-28 request: what its answer teaches, and the probe's deadline. */
  forward(method: string, id: RequestId): ExchangeOptions;
  /** The server answered a 2025 `initialize` (ok: with a result). */
  initialized(ok: boolean): void;
}

/**
 * Which protocol era the relay's stdio server speaks, learned from what it answers through the relay, and
 * the relay's own answers where asking the server would mislead.
 *
 * A stdio server settles its era as a conversation opens: `initialize` opens a 2025-11-25 session "scoped to
 * the stdio process", and the SDK's stdio server keeps the era of its first request after the probe either
 * way. The relay runs the server once, so once a conversation has opened, a request of the other era is
 * answered by the relay itself, marked as the relay's (RELAY_ERA_DATA_KEY) and saying why, rather than
 * passed on to get a refusal the server gives only because of the relay. The probe (`server/discover`)
 * opens nothing: a dual-era server still takes `initialize` after it.
 *
 * A server that answers the probe with an error other than a modern one speaks 2025 only (the stdio rule of
 * the spec's backward compatibility); that answer is the server's, kept for the process's life as the spec
 * says a client should, and given again to a later probe unmarked.
 */
export function createEraLedger(probeTimeoutMs: number): EraLedger {
  /** The era a conversation opened in through the relay, if one did. */
  let opened: 'modern' | 'legacy' | undefined;
  /** The server's own answer to the probe: modern, or the error of a 2025-only server. */
  let probe: { modern: true } | { modern: false; code: number; message: string } | undefined;

  const relayAnswer = (reason: RelayEraReason, id: RequestId | null) =>
    jsonRpcError(400, -32000, relayMessage(reason, probeTimeoutMs), {}, { id, data: { [RELAY_ERA_DATA_KEY]: reason } });

  const learnFromProbe = (answer: JSONRPCResponse): number => {
    if (isJSONRPCErrorResponse(answer)) {
      const { code, message } = answer.error;
      // -32022 is a modern server naming the versions it does speak: the client retries with one.
      probe = code === UNSUPPORTED_PROTOCOL_VERSION ? { modern: true } : { modern: false, code, message: message.slice(0, 500) };
      // A 400, as a 2025 Streamable HTTP server answers a request without a session, so the client falls back.
      return 400;
    }
    const result: unknown = answer.result;
    probe =
      isRecord(result) && Array.isArray(result.supportedVersions)
        ? { modern: true }
        : { modern: false, code: -32000, message: 'The server answered server/discover with something other than a discover result.' };
    return 200;
  };

  return {
    takesModern: () => probe?.modern !== false && opened !== 'legacy',
    refuseModern(method, id) {
      if (probe?.modern === false) {
        if (method === 'server/discover') return jsonRpcError(400, probe.code, probe.message, {}, { id });
        const said = `${probe.code} "${probe.message}"`;
        return jsonRpcError(
          400,
          -32000,
          `The stdio server speaks 2025-11-25 and older only: it answered server/discover with ${said}. Start a session with initialize.`,
          {},
          { id },
        );
      }
      return opened === 'legacy' ? relayAnswer('in-2025-session', id) : undefined;
    },
    refuseInitialize: (id) => (opened === 'modern' ? relayAnswer('speaks-2026', id) : undefined),
    forward(method, id) {
      if (method === 'server/discover') {
        // Until the server has answered a probe, silence may be a 2025 server ignoring an unknown method.
        const deadline =
          probe === undefined && opened === undefined ? { ms: probeTimeoutMs, answer: () => relayAnswer('probe-timeout', id) } : undefined;
        return { onAnswer: learnFromProbe, ...(deadline && { deadline }) };
      }
      return {
        onAnswer(answer) {
          // A result with a resultType is 2026-07-28's (V2); after a modern probe, any answer pins the era.
          const modernResult = 'result' in answer && isRecord(answer.result) && 'resultType' in answer.result;
          if (opened === undefined && (probe?.modern === true || modernResult)) opened = 'modern';
          return undefined;
        },
      };
    },
    initialized(ok) {
      if (ok) opened ??= 'legacy';
    },
  };
}

function relayMessage(reason: RelayEraReason, probeTimeoutMs: number): string {
  const keeps = 'a stdio server keeps the era it opened with for as long as its process runs, and the relay starts it once';
  switch (reason) {
    case 'in-2025-session':
      return `The stdio server this relay runs is in a 2025-11-25 session: the first conversation through the relay opened with initialize, and ${keeps}. Connect with the 2025 protocol; for 2026-07-28 from a server that speaks both, restart the relay and connect with Auto or 2026-07-28 first.`;
    case 'speaks-2026':
      return `The stdio server this relay runs has been speaking 2026-07-28 through the relay, and ${keeps}. Connect with Auto or 2026-07-28; for 2025 from a server that speaks both, restart the relay and connect with the 2025 protocol first.`;
    case 'probe-timeout':
      return `The stdio server this relay runs did not answer server/discover within ${Math.round(probeTimeoutMs / 1000)} s, so the relay answered for it as a 2025 server would. If the server is only slow to start, connect again.`;
  }
}
