/**
 * The messages between the UI and the session-file worker. Plain data and Blobs only. Big arrays travel in
 * slices, so no single structured clone on the UI thread is long.
 */
import type { HttpExchange } from '../shared/events.ts';
import type { SavedLogItem, SessionData, SessionFile } from '../shared/session-file/session-file.ts';

/** Everything of a session but its two long arrays, which follow in slices. */
export type SessionHead = Omit<SessionData, 'log' | 'http'> & { logEvicted: number; httpEvicted: number };

export type ToSessionWorker =
  | { kind: 'read'; file: Blob }
  | { kind: 'write-head'; head: SessionHead; savedAt: string; appVersion: string }
  | { kind: 'write-exchanges'; exchanges: HttpExchange[] }
  | { kind: 'write-items'; items: SavedLogItem[] }
  | { kind: 'write-end' };

export type FromSessionWorker =
  | { kind: 'head'; file: SessionFile; total: number; notes: string[] }
  | { kind: 'items'; items: SavedLogItem[] }
  | { kind: 'done' }
  | { kind: 'written'; blob: Blob }
  | { kind: 'error'; error: string };

/** What both a Worker and a worker's global scope offer (and a MessagePort, in tests). */
export interface SessionWorkerPort<In, Out> {
  postMessage(message: Out): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<In>) => void): void;
}

/** Log entries per message across the boundary: a few milliseconds of structured clone each. */
export const SLICE = 2000;
