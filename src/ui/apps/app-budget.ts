/**
 * An app's message budget. Every message an app posts is a task on the page's main thread, where the
 * engine's answers for every connection arrive too; an app that posts without pause would starve them.
 * So each app gets a budget of messages per second, counted before anything parses them. Past it, the
 * app is paused (its frame unloaded) and named, and its messages are dropped unread until then.
 */

/** The logger of the sandbox page's note that it removed a flooding app (public/sandbox.html keeps the same budget). */
export const BUDGET_LOGGER = 'mcp-lens/budget';

/** Messages an app may post in any one-second window: far above what a busy app needs (a few dozen). */
export const APP_MESSAGES_PER_SECOND = 120;

/**
 * Bytes of JSON an app may post in one second. Only the sandbox page can count them before the inspector's
 * page pays for the copy (public/sandbox.html keeps both numbers); the host names the limit when it pauses.
 */
export const APP_BYTES_PER_SECOND = 8 * 1024 * 1024;

export interface AppBudget {
  /** Counts one message at `now` (ms); true while the app is within its budget. */
  admit(now: number): boolean;
}

/** A sliding one-second window over message times; once over, it stays over (the app is paused). */
export function createAppBudget(perSecond = APP_MESSAGES_PER_SECOND): AppBudget {
  const times: number[] = [];
  let head = 0;
  let over = false;
  return {
    admit(now) {
      if (over) return false;
      times.push(now);
      while (times[head]! <= now - 1000) head += 1;
      // Drop the consumed prefix now and then, so the array stays the size of one window.
      if (head > 1024) {
        times.splice(0, head);
        head = 0;
      }
      over = times.length - head > perSecond;
      return !over;
    },
  };
}
