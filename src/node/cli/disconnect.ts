/**
 * Closing the session at the end of a CLI run or an audit: housekeeping, so it gets a short bound of its own,
 * even after the deadline has passed. A server that never answers the session DELETE is left behind, and the
 * process still exits with its verdict (a CI step must not hang after the report is written).
 */
import type { Clock } from '../../engine/clock.ts';
import type { Engine } from '../../engine/engine.ts';
import { describeError } from '../../shared/read.ts';
import { formatDuration } from './duration.ts';
import { startLimit, untilAborted } from './limit.ts';

const DISCONNECT_MS = 5_000;

/** Disconnects within `ms`; what went wrong as a line for a person, or undefined when it closed. */
export async function disconnectWithin(engine: Engine, clock: Clock, ms = DISCONNECT_MS): Promise<string | undefined> {
  const limit = startLimit(clock, ms);
  try {
    // Disconnect takes no signal in the engine: the race gives up on it, and the process exits all the same.
    await untilAborted(engine.call('disconnect', undefined, limit.signal), limit.signal, clock, 0);
    return undefined;
  } catch (error) {
    return `disconnect: ${limit.passed ? `no answer within ${formatDuration(ms)}; leaving the session` : describeError(error)}`;
  } finally {
    limit.dispose();
  }
}
