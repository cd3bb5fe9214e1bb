/** Reading a log entry's one origin mark (`MessageEntry.origin`, set by src/engine/wire/call-marks.ts). */
import type { MessageEntry, MessageOrigin } from './events.ts';

/** The entry's origin when `feature` sent it, typed as that feature's mark; otherwise undefined. */
export function originOf<F extends MessageOrigin['feature']>(
  entry: Pick<MessageEntry, 'origin'>,
  feature: F,
): Extract<MessageOrigin, { feature: F }> | undefined {
  return entry.origin?.feature === feature ? (entry.origin as Extract<MessageOrigin, { feature: F }>) : undefined;
}

/** The id of the registry's job that sent the entry's request, whatever feature it was for; undefined for none. */
export function jobIdOf(entry: Pick<MessageEntry, 'origin'>): string | undefined {
  const origin = entry.origin;
  if (origin === undefined) return undefined;
  return origin.feature === 'job' ? origin.id : 'job' in origin ? origin.job : undefined;
}

/** An audit probe: raw HTTP beside the session, or its answer; never re-sent and never a job's request. */
export const isAuditProbe = (entry: Pick<MessageEntry, 'origin'>): boolean => originOf(entry, 'audit')?.probe === true;
