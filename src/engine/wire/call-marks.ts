/**
 * The origin of outgoing requests, for the message log (`MessageEntry.origin`): the job of the registry that
 * sent it, "from app ui://…" for a request an MCP App asked for, "re-sent" for one sent again by hand, the
 * check's id for one an audit sent. The SDK numbers requests itself and the wire stays exactly what the spec
 * says (no marker travels to the server), so a marked request is announced here first and claimed by the
 * first outgoing frame that matches it.
 */
import type { MessageOrigin } from '../../shared/events.ts';
import { isRecord } from '../../shared/read.ts';

/** What a claimed frame's log entry gets as its `origin`. */
export type CallMark = MessageOrigin;

export interface CallMarks {
  /** Announces a request about to be sent; returns a release for when it settles. */
  expect(mark: CallMark, matches: (frame: unknown) => boolean): () => void;
  /** The mark of this outgoing frame, if one was announced for it (each announcement is claimed once). */
  claim(frame: unknown): CallMark | undefined;
}

export function createCallMarks(): CallMarks {
  const waiting: Array<{ mark: CallMark; matches: (frame: unknown) => boolean }> = [];
  return {
    expect(mark, matches) {
      const entry = { mark, matches };
      waiting.push(entry);
      return () => {
        const index = waiting.indexOf(entry);
        if (index >= 0) waiting.splice(index, 1);
      };
    },
    claim(frame) {
      if (waiting.length === 0) return undefined;
      const index = waiting.findIndex((entry) => entry.matches(frame));
      if (index < 0) return undefined;
      const [entry] = waiting.splice(index, 1);
      return entry?.mark;
    },
  };
}

const targetOf = (frame: unknown): string | undefined => {
  const params = isRecord(frame) ? frame.params : undefined;
  const target = isRecord(params) ? (params.name ?? params.uri) : undefined;
  return typeof target === 'string' ? target : undefined;
};

/** A frame of this method for this tool name or resource URI (what an app's request is known by). */
export const sameTarget =
  (method: string, target: string) =>
  (frame: unknown): boolean =>
    isRecord(frame) && frame.method === method && targetOf(frame) === target;

/**
 * A frame carrying this method and these params. The engine adds its own `_meta` (the 2026-07-28 envelope, a
 * progress token), so `_meta` is left out of the comparison.
 */
export const sameRequest = (method: string, params: Record<string, unknown> | undefined) => {
  const expected = paramsKey(params);
  return (frame: unknown): boolean => isRecord(frame) && frame.method === method && paramsKey(frame.params) === expected;
};

/**
 * A frame of this method whose params hold these values (compared as JSON), whatever else they carry: the
 * engine adds `_meta`, a task request, a progress token. What a job's request is known by.
 */
export const requestWith = (method: string, params: Record<string, unknown> = {}) => {
  const expected = Object.entries(params).map(([key, value]) => [key, JSON.stringify(value)] as const);
  return (frame: unknown): boolean => {
    if (!isRecord(frame) || frame.method !== method) return false;
    const sent = isRecord(frame.params) ? frame.params : {};
    return expected.every(([key, value]) => JSON.stringify(sent[key]) === value);
  };
};

function paramsKey(params: unknown): string {
  if (!isRecord(params)) return '{}';
  const { _meta: _ignored, ...rest } = params;
  return JSON.stringify(rest);
}
