/**
 * Waits on state, not on time: resolves as soon as `check()` holds, looking every few milliseconds, and
 * fails with `what` if it never does. The deadline only turns a hang into a readable failure.
 */
export async function waitFor(check: () => boolean, what: string, deadlineMs = 45_000): Promise<void> {
  const giveUpAt = Date.now() + deadlineMs;
  while (!check()) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
