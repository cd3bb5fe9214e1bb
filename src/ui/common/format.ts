import { describeError } from '../../shared/read.ts';
/**
 * Local wall-clock time with milliseconds, 24-hour: HH:MM:SS.mmm. The one time format of the app (the log,
 * the timeline, the Tasks tab): epoch milliseconds, or an ISO 8601 string from a server (shown as sent when
 * it does not parse).
 */
export function formatTime(when: number | string): string {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return String(when);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

/** How long something took: milliseconds, then seconds with a decimal, then as {@link formatSpan} past two minutes. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms >= 120_000) return formatSpan(ms);
  return `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
}

/**
 * A span read at a glance: whole seconds up to two minutes, then minutes, then hours and minutes, then days
 * and hours ("86396 s" said nothing a person could use).
 */
export function formatSpan(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Pretty JSON that never throws (cycles, BigInt): the log must render whatever it holds. */
export function prettyJson(value: unknown): string {
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch (error) {
    return `[could not show as JSON: ${describeError(error)}]`;
  }
}

/** One line, at most `max` characters, for summaries. */
export function oneLine(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : compactJson(value);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function compactJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
