/**
 * The longest main-thread task from a Chromium performance trace: unlike the Long Tasks API, which only
 * sees tasks over 50 ms, this measures every task, and `--trace <dir>` keeps the trace to open in DevTools
 * (Performance panel → Load profile) when a phase is slow, to see which function ran.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  /** Thread (CPU) time: on a loaded machine a task's wall time includes the time its thread waited for a core. */
  tdur?: number;
  ts: number;
  args?: { name?: string };
}

/** The keep-directory from `--trace <dir>`, if given. */
const keepIn = (() => {
  const at = process.argv.indexOf('--trace');
  const dir = at === -1 ? undefined : process.argv[at + 1];
  // Made if missing: a run that measured for minutes must not fail at the end for want of a folder.
  if (dir) mkdirSync(dir, { recursive: true });
  return dir;
})();

/** The longest task on the page's main thread (CrRendererMain): its wall time, and its CPU time, in ms. */
export interface LongestTask {
  wallMs: number;
  cpuMs: number;
}

/** A task of the page's main thread, and when it started on the page's clock (`performance.now()`). */
interface TracedTask extends LongestTask {
  startMs: number;
}

/** The tasks that started within [from, to] on the page's clock: the window the Long Tasks API figures use. */
export const tasksWithin = (tasks: readonly TracedTask[], from: number, to: number) =>
  tasks.filter((task) => task.startMs >= from && task.startMs <= to);

/** Runs `act` under a trace and returns the longest task on the page's main thread. */
export async function longestTracedTask(page: Page, label: string, act: () => Promise<void>): Promise<LongestTask> {
  const tasks = await tracedTasks(page, label, act);
  return {
    wallMs: Math.max(0, ...tasks.map((task) => task.wallMs)),
    cpuMs: Math.max(0, ...tasks.map((task) => task.cpuMs)),
  };
}

/** Runs `act` under a trace and returns every task on the page's main thread: wall and CPU time, in ms. */
export async function tracedTasks(page: Page, label: string, act: () => Promise<void>): Promise<TracedTask[]> {
  const browser = page.context().browser();
  if (!browser) throw new Error('Tracing needs a launched browser.');
  await browser.startTracing(page, {
    // A kept trace also samples JavaScript, so DevTools shows which function ran in a long task (sampling
    // costs a little CPU: compare figures between runs that both kept traces or both did not).
    categories: [
      'toplevel',
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      // A mark sets the trace's clock against the page's, so tasks can be taken in the page's time window.
      'blink.user_timing',
      ...(keepIn ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ],
    screenshots: false,
  });
  // Starting the trace is itself a task of the page (with the sampler, 50-150 ms of logging the code already
  // compiled): the window starts once the page has answered after it, so only what `act` caused is counted.
  const startedAt = await page.evaluate(() => performance.now());
  // Tracing stops whatever happens, or the next phase could not start one.
  const failed = await act().then(
    () => undefined,
    (error: unknown) => ({ error }),
  );
  const markedAt = failed ? 0 : await page.evaluate((name) => performance.mark(name).startTime, CLOCK_MARK);
  const buffer = await browser.stopTracing();
  if (failed) throw failed.error;
  if (keepIn) writeFileSync(join(keepIn, `${label.replace(/[^a-z0-9]+/gi, '-')}.json`), buffer);
  const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = traceEvents.find((event) => event.name === CLOCK_MARK);
  if (!mark) throw new Error(`The trace has no "${CLOCK_MARK}" mark: was the blink.user_timing category recorded?`);
  // Trace timestamps are in µs of the browser's clock; the page's clock is ms since its time origin.
  const originUs = mark.ts - markedAt * 1000;
  const tasks = mainThreadTasks(traceEvents).map(({ ts, ...task }) => ({ ...task, startMs: (ts - originUs) / 1000 }));
  return tasksWithin(tasks, startedAt, Number.POSITIVE_INFINITY);
}

const CLOCK_MARK = 'bench-trace-clock';

/** A task of the renderer's scheduler; newer Chromium names it after the class that runs it. */
const TASK_NAMES = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);

function mainThreadTasks(events: TraceEvent[]): Array<LongestTask & { ts: number }> {
  const main = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  // Newer Chromium nests ThreadControllerImpl::RunTask inside RunTask: count each task once, by the outer name.
  const outer = events.some((event) => event.ph === 'X' && event.name === 'RunTask') ? 'RunTask' : 'ThreadControllerImpl::RunTask';
  return events
    .filter((event) => event.ph === 'X' && event.name === outer && TASK_NAMES.has(event.name) && main.has(`${event.pid}:${event.tid}`))
    .map((event) => ({ wallMs: (event.dur ?? 0) / 1000, cpuMs: (event.tdur ?? 0) / 1000, ts: event.ts }));
}
