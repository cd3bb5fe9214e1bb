/** One item of the Message log, apart from the store so the pure helpers beside it can share it without a cycle. */
import type { MessageEntry } from '../../shared/events.ts';

export type LogItem =
  | { id: string; type: 'message'; entry: MessageEntry }
  | { id: string; type: 'note'; seq: number; time: number; level: 'info' | 'warning' | 'error'; text: string; boundary?: true };

export const messageItemId = (seq: number) => `m${seq}`;
