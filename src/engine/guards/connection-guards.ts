/**
 * Per-connection state for the hostile-server bounds: the limits in force, the reconnect governor, and
 * the request guard of the current transport. The wire tap is created once per engine, so it reaches the
 * current connection's guards through this object.
 */
import type { Transport } from '@modelcontextprotocol/client';
import type { EngineError } from '../../shared/errors.ts';
import { resolveLimits, type Limits } from '../../shared/limits.ts';
import type { MessageEntry } from '../../shared/events.ts';
import type { Clock } from '../clock.ts';
import { createReconnectGovernor, type GovernorDeps, type ReconnectGovernor } from './reconnect-governor.ts';
import { guardTransport, type RequestGuard } from './request-guard.ts';
import type { StreamFault } from './stream-guard.ts';

/** What a session needs from the guards when it builds its transport. */
export interface SessionGuards {
  reconnectionScheduler: ReconnectGovernor['scheduler'];
  /** Wraps the SDK transport in this connection's request guard; the client connects the result. */
  guard(transport: Transport): Transport;
  /** An error the SDK reported (client.onerror): stream errors explain the drop that follows. */
  transportError(message: string): void;
}

export interface ConnectionGuards {
  /** Starts a connection's guards with its limits (ConnectParams.limits). */
  begin(limits: Partial<Limits> | undefined): SessionGuards;
  limits(): Limits;
  delivered(eventId?: string): void;
  /** The server sent an SSE `retry` field. */
  retryAdvised(): void;
  fault(requestIds: Array<string | number>, fault: StreamFault): void;
  /** Looks at every logged entry for answers that cannot be matched by the SDK. */
  inspect(entry: MessageEntry): void;
}

export function createConnectionGuards(deps: {
  clock: Clock;
  note: (level: 'info' | 'warning' | 'error', text: string) => void;
  onDrop: GovernorDeps['onDrop'];
}): ConnectionGuards {
  let limits = resolveLimits(undefined);
  let governor: ReconnectGovernor | undefined;
  const guards: RequestGuard[] = [];
  const fail = (id: string | number, error: EngineError, options?: { cancel?: boolean }) =>
    guards.some((guard) => guard.fail(id, error, options));

  return {
    begin(partial) {
      limits = resolveLimits(partial);
      guards.length = 0;
      const current = createReconnectGovernor(limits, {
        clock: deps.clock,
        note: deps.note,
        onGiveUp: () => undefined,
        onDrop: deps.onDrop,
      });
      governor = current;
      return {
        reconnectionScheduler: (reconnect, delay, attempt) => current.scheduler(reconnect, delay, attempt),
        guard(transport) {
          const guard = guardTransport(transport);
          guards.push(guard);
          return guard.transport;
        },
        transportError: (message) => current.transportError(message),
      };
    },
    limits: () => limits,
    delivered: (eventId) => governor?.delivered(eventId),
    retryAdvised: () => governor?.retryAdvised(),
    fault(requestIds, fault) {
      // We stopped reading (a bound tripped), not the server: tell it to stop working on the request too.
      for (const id of requestIds) fail(id, fault.engineError, { cancel: true });
    },
    inspect(entry) {
      // A frame that has our request's id but neither result nor error: the SDK rejects it and keeps waiting.
      if (entry.direction !== 'in' || entry.kind !== 'invalid' || entry.rpcId === undefined || entry.method !== undefined) return;
      const failed = fail(entry.rpcId, {
        code: 'bad-response',
        message: `The server answered request ${JSON.stringify(entry.rpcId)} with a message that has neither "result" nor "error". It is in the Message log.`,
      });
      if (failed) deps.note('warning', `Request ${JSON.stringify(entry.rpcId)} failed: its answer has neither "result" nor "error".`);
    },
  };
}
