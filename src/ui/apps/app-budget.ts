/**
 * An app's message budget. Every message an app posts is a task on the page's main thread, where the
 * engine's answers for every connection arrive too; an app that posts without pause would starve them.
 * So each app gets a budget of messages and of bytes per second, counted before anything parses them. Past
 * it, the app is paused (its frame unloaded) and named, and its messages are dropped unread until then.
 */

/** The logger of the sandbox page's note that it removed a flooding app (public/sandbox.html keeps the same budget). */
export const BUDGET_LOGGER = 'mcp-lens/budget';

/** Messages an app may post in any one-second window: far above what a busy app needs (a few dozen). */
export const APP_MESSAGES_PER_SECOND = 120;

/**
 * Bytes of JSON an app may post in one second. The sandbox page counts them before the inspector's page pays
 * for the copy (public/sandbox.html keeps both numbers); the host counts them again, estimated, for a sandbox
 * page that does not (`MCP_LENS_SANDBOX_URL` may name another).
 */
export const APP_BYTES_PER_SECOND = 8 * 1024 * 1024;

/** Which part of the budget an app went over. */
export type OverBudget = 'messages' | 'bytes';

export interface AppBudget {
  /** Counts one message of `bytes` at `now` (ms); null while the app is within its budget, else what it went over. */
  admit(now: number, bytes?: number): OverBudget | null;
}

/** A sliding one-second window over message times and sizes; once over, it stays over (the app is paused). */
export function createAppBudget(perSecond = APP_MESSAGES_PER_SECOND, bytesPerSecond = APP_BYTES_PER_SECOND): AppBudget {
  const times: number[] = [];
  const sizes: number[] = [];
  let head = 0;
  let bytes = 0;
  let over: OverBudget | null = null;
  return {
    admit(now, size = 0) {
      if (over) return over;
      times.push(now);
      sizes.push(size);
      bytes += size;
      while (times[head]! <= now - 1000) bytes -= sizes[head++]!;
      // Drop the consumed prefix now and then, so the arrays stay the size of one window.
      if (head > 1024) {
        times.splice(0, head);
        sizes.splice(0, head);
        head = 0;
      }
      over = times.length - head > perSecond ? 'messages' : bytes > bytesPerSecond ? 'bytes' : null;
      return over;
    },
  };
}
