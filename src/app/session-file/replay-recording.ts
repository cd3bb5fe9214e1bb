/**
 * Finds, in a saved message log, the calls a replay can rebuild its tabs from: each outbound list, read or
 * get request paired with the response that answered it (by `requestSeq`, which the recorder set live).
 * One pass and a map, so a 100,000-message log costs milliseconds.
 */
import type { MessageEntry } from '../../shared/events.ts';
import { REPLAY_METHODS, type RecordedCall } from '../../shared/replay-api.ts';
import { record } from '../../shared/read.ts';

type LogItem = { type: 'message'; entry: MessageEntry } | { type: 'note' };

export function recordedCalls(items: readonly LogItem[]): RecordedCall[] {
  const wanted = new Set(REPLAY_METHODS);
  const requests = new Map<number, MessageEntry>();
  const calls: RecordedCall[] = [];
  for (const item of items) {
    if (item.type !== 'message') continue;
    const entry = item.entry;
    if (entry.direction === 'out' && entry.kind === 'request' && entry.method !== undefined && wanted.has(entry.method)) {
      requests.set(entry.seq, entry);
      continue;
    }
    if (entry.direction !== 'in' || (entry.kind !== 'response' && entry.kind !== 'error') || entry.requestSeq === undefined || entry.late)
      continue;
    const request = requests.get(entry.requestSeq);
    if (!request) continue;
    requests.delete(entry.requestSeq);
    const params = record(request.message)?.params;
    const error = entry.kind === 'error' ? record(record(entry.message)?.error) : undefined;
    calls.push({
      method: request.method!,
      params: params ?? {},
      result: record(entry.message)?.result,
      ...(error && {
        error: {
          code: typeof error.code === 'number' ? error.code : 0,
          message: typeof error.message === 'string' ? error.message : '(no message)',
        },
      }),
      time: request.time,
      ...(entry.latencyMs !== undefined && { latencyMs: entry.latencyMs }),
    });
  }
  return calls;
}
