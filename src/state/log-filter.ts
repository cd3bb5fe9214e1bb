/**
 * Free-text filtering of the log. The JSON text of an entry is computed once per (immutable) entry and
 * cached, so typing in the filter box costs a substring search per row, not a stringify.
 */
import type { LogItem } from './log-store.ts';

const searchText = new WeakMap<object, string>();

function textOf(item: LogItem, requestMethod: string | undefined): string {
  const key = item.type === 'message' ? item.entry : item;
  let text = searchText.get(key);
  if (text === undefined) {
    text = `${buildText(item)}\n${requestMethod ?? ''}`.toLowerCase();
    searchText.set(key, text);
  }
  return text;
}

function buildText(item: LogItem): string {
  if (item.type === 'note') return `note ${item.level} ${item.text}`;
  const { entry } = item;
  const parts = [entry.direction, entry.direction === 'in' ? '←' : '→', entry.kind, entry.method ?? ''];
  if (entry.rpcId !== undefined) parts.push(`id:${entry.rpcId}`, String(entry.rpcId));
  if (entry.late) parts.push('late');
  if (entry.unmatched) parts.push('unmatched');
  if (entry.violation !== undefined) parts.push('spec violation', entry.violation);
  if (entry.message !== undefined) parts.push(safeStringify(entry.message));
  if (entry.raw !== undefined) parts.push(entry.raw);
  if (entry.parseError !== undefined) parts.push(entry.parseError);
  return parts.join('\n');
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

/**
 * True when `text` (case-insensitive, whitespace-separated terms, all must match) occurs in the entry's
 * method, id, direction, kind or JSON text. A response has no method of its own: pass the method of the
 * request it answers (see `requestMethodOf`) so filtering by method finds both. An empty filter matches
 * everything.
 */
export function matchesFilter(item: LogItem, text: string, requestMethod?: string): boolean {
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return true;
  const haystack = textOf(item, requestMethod);
  return terms.every((term) => haystack.includes(term));
}
