/**
 * What a log row names: the method and what it acts on — `tools/call · echo`, `resources/read · <uri>`,
 * `prompts/get · <name>`, `tasks/get · <task>`. A response has neither of its own: it carries its request's
 * (while that request is still kept). The row, the text filter and the method filter all use these names, so
 * "echo" finds echo's call and its answer alike.
 */
import type { MessageEntry } from '../../shared/events.ts';
import { messageItemId, type LogItem } from './log-item.ts';
import { isRecord } from '../../shared/read.ts';

export interface LogLabel {
  method: string;
  /** The tool, prompt, resource URI, task id or the like the method acts on. */
  target?: string;
}

/** The param that names what each method acts on. */
const TARGET_PARAM: Readonly<Record<string, string>> = {
  'tools/call': 'name',
  'prompts/get': 'name',
  'resources/read': 'uri',
  'resources/subscribe': 'uri',
  'resources/unsubscribe': 'uri',
  'notifications/resources/updated': 'uri',
  'tasks/get': 'taskId',
  'tasks/result': 'taskId',
  'tasks/cancel': 'taskId',
  'tasks/update': 'taskId',
  'notifications/tasks/status': 'taskId',
  'logging/setLevel': 'level',
};

/** Long enough to read, short enough to keep the row on one line; the full text stays in the filter and detail. */
const MAX_TARGET = 120;

/** The target named by a request or notification's params, as a bounded string (server text: rendered as text). */
export function targetOf(method: string | undefined, message: unknown): string | undefined {
  if (method === undefined || !Object.hasOwn(TARGET_PARAM, method)) {
    return method === 'completion/complete' ? completionTarget(paramsOf(message)) : undefined;
  }
  const value = paramsOf(message)[TARGET_PARAM[method]!];
  return typeof value === 'string' && value !== '' ? value.slice(0, MAX_TARGET) : undefined;
}

function completionTarget(params: Record<string, unknown>): string | undefined {
  const ref = isRecord(params.ref) ? params.ref : {};
  const name = typeof ref.name === 'string' ? ref.name : typeof ref.uri === 'string' ? ref.uri : undefined;
  return name?.slice(0, MAX_TARGET);
}

function paramsOf(message: unknown): Record<string, unknown> {
  return isRecord(message) && isRecord(message.params) ? message.params : {};
}

/** The request an entry answers, while it is kept. */
function requestOf(byId: ReadonlyMap<string, LogItem>, entry: MessageEntry): MessageEntry | undefined {
  if (entry.requestSeq === undefined || entry.method !== undefined) return undefined;
  const request = byId.get(messageItemId(entry.requestSeq));
  return request?.type === 'message' ? request.entry : undefined;
}

/** The method and target a message row names: its own, or for a response its request's. */
export function labelOf(byId: ReadonlyMap<string, LogItem>, item: LogItem | undefined): LogLabel | undefined {
  if (item?.type !== 'message') return undefined;
  const source = item.entry.method !== undefined ? item.entry : requestOf(byId, item.entry);
  if (source?.method === undefined) return undefined;
  const target = targetOf(source.method, source.message);
  return target === undefined ? { method: source.method } : { method: source.method, target };
}

/** "tools/call · echo", or the method alone; what the filters match. */
export const labelText = (label: LogLabel | undefined): string =>
  label === undefined ? '' : label.target === undefined ? label.method : `${label.method} · ${label.target}`;

/** Whether a method's target is a task id (tasks/get, notifications/tasks/status …), which a row shows short. */
export const targetsTask = (method: string | undefined): boolean => method !== undefined && TARGET_PARAM[method] === 'taskId';

/** A task id (usually a UUID) shortened for a row; the full id stays in the detail, the filter and the tooltip. */
export const shortTaskId = (taskId: string): string => (taskId.length > 12 ? `${taskId.slice(0, 8)}…` : taskId);

/**
 * What an HTTP exchange was, in JSON-RPC words: the label of the first message it carried out (a POST's
 * request or notification), else of the first it brought in (a GET stream's). The HTTP view's rows read it
 * in both eras, where 2026-07-28's `Mcp-Method` header alone left 2025-era rows as bare `POST 200 /mcp`.
 * `carried` holds the log seqs in order (the HTTP store's index); a message no longer kept names nothing.
 *
 * Every visible row asks again on every change of the log (each frame of a flood), and a streamed answer
 * carries up to 20,000 messages: a scan from the start, once its request was evicted, took 15–30 ms a frame.
 * So each list keeps where the answer was found (`LabelCursor`) and a call reads only what is new.
 */
export function exchangeLabel(byId: ReadonlyMap<string, LogItem>, carried: readonly number[] | undefined): string {
  if (carried === undefined) return '';
  let cursor = cursors.get(carried);
  if (cursor?.byId !== byId) {
    cursor = { byId, kept: 0, out: 0 };
    cursors.set(carried, cursor);
  }
  const at = (position: number) => byId.get(messageItemId(carried[position]!));
  while (cursor.kept < carried.length && at(cursor.kept) === undefined) cursor.kept += 1;
  cursor.out = Math.max(cursor.out, cursor.kept);
  while (cursor.out < carried.length) {
    const item = at(cursor.out);
    if (item?.type === 'message' && item.entry.direction === 'out') return labelText(labelOf(byId, item));
    cursor.out += 1;
  }
  return cursor.kept < carried.length ? labelText(labelOf(byId, at(cursor.kept))) : '';
}

/**
 * How far `exchangeLabel` has read one exchange's `carried` list against one log index. Both positions only
 * move forward: the messages before `kept` were evicted, and those before `out` were evicted or came in,
 * which stays true, since the log evicts in arrival order (the order of `carried`), is told of a message before
 * the HTTP store is (event-router.ts), and a saved session's log is loaded before its exchanges are indexed.
 * A cleared or replaced log is a new index, and starts over.
 */
interface LabelCursor {
  byId: ReadonlyMap<string, LogItem>;
  /** The first kept message. */
  kept: number;
  /** The first kept message sent out, or where the search for one goes on. */
  out: number;
}
const cursors = new WeakMap<readonly number[], LabelCursor>();
