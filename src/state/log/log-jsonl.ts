/**
 * The Message log as JSON lines (`.jsonl`): one line per logged frame, with its time and direction, for
 * `jq`, a diff or a bug report. Secrets are masked with the one policy of redact.ts, as in every export:
 * the log itself keeps messages as they were sent and received.
 */
import { redactBodyText, redactJson, redactUrlsIn } from '../../shared/redact.ts';
import type { LogItem } from './log-store.ts';

/** One line of the file: the JSON-RPC message, or for bytes that did not parse, the raw text and why. */
interface LogLine {
  /** ISO 8601, UTC. */
  time: string;
  direction: 'in' | 'out';
  message?: unknown;
  raw?: string;
  parseError?: string;
}

export const JSONL_MIME_TYPE = 'application/jsonl';

/** The line of a log item, or undefined for an engine note (notes are not JSON-RPC traffic). */
export function jsonLine(item: LogItem): string | undefined {
  if (item.type !== 'message') return undefined;
  const { entry } = item;
  const line: LogLine = { time: new Date(entry.time).toISOString(), direction: entry.direction };
  if (entry.message !== undefined) line.message = redactJson(entry.message);
  if (entry.raw !== undefined) line.raw = redactBodyText(entry.raw);
  if (entry.parseError !== undefined) line.parseError = redactUrlsIn(entry.parseError);
  return `${JSON.stringify(line)}\n`;
}
