/** Durations on the command line (`30s`, `500ms`, `5m`, `1h`) and in what the CLI prints. */

const UNIT_MS: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/**
 * Milliseconds, or undefined when `text` is not a number with a unit. A bare number is refused rather than
 * guessed: `--timeout 30` could mean seconds or milliseconds, and a wrong guess makes every call fail.
 */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNIT_MS[match[2]!]!;
  return Number.isFinite(ms) ? Math.round(ms) : undefined;
}

/** `30 s`, `1.5 s`, `5 m`, `250 ms`: what a person reads back in a report line. */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000 || ms % 60_000 !== 0) {
    const seconds = ms / 1_000;
    return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
  }
  return ms % 3_600_000 === 0 ? `${ms / 3_600_000} h` : `${ms / 60_000} m`;
}
