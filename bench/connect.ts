/**
 * What a person waits for before the first tool: the page loading until Connect can be pressed, and Connect
 * until the first tool is on screen, against a 2025 server (the flood server) and a 2026-07-28 one (the demo
 * server), with the Protocol pinned and in Auto, and in Auto once the era is remembered. Each case is the
 * median of several runs in a fresh browser context (nothing cached, nothing remembered), except
 * "remembered", which connects again in the context that learnt the era. Requests to the server are counted
 * too: Auto may cost one request over the pinned era, and none once the era is remembered.
 *
 * Times are taken in the page (`installMarks`), not around Playwright's actions: from the navigation's start
 * to the frame after an enabled Connect is in the document, and from the click's event to the frame after
 * the first row of the tool list is. One connect per server is also traced (`traceConnect`): every request
 * on a timeline from the click, the app's own files apart from the server's, so a slow connect names where
 * its milliseconds went.
 */
import type { Browser, Page, Request } from '@playwright/test';
import type { Report } from './lists.ts';

const ROUNDS = 5;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${value.toFixed(0)} ms`;

type Protocol = 'Auto' | '2026-07-28' | '2025 and older';

/** Times the page records itself, all on the epoch clock (ms), so they line up with the requests' timing. */
interface Marks {
  /** Navigation start. */
  origin: number;
  /** The frame after an enabled Connect button was first in the document. */
  ready?: number;
  /** The last press of Connect (its click event). */
  click?: number;
  /** The frame after the first tool's row was in the document, after the last press of Connect. */
  firstTool?: number;
}

declare global {
  interface Window {
    __benchMarks?: Marks;
  }
}

/**
 * The page's marks: a MutationObserver from before the app's first script, and a click listener. A string,
 * not a function: tsx would wrap the function's inner names in a helper the page does not have.
 */
const MARKS_SCRIPT = `(() => {
  const at = () => performance.timeOrigin + performance.now();
  const marks = { origin: performance.timeOrigin };
  window.__benchMarks = marks;
  // After the next frame has painted: a rAF runs before the paint, a task queued from it after.
  const afterPaint = (set) => requestAnimationFrame(() => setTimeout(() => set(at()), 0));
  let readySeen = false;
  let toolSeen = false;
  const connectButton = () =>
    [...document.querySelectorAll('button[type="submit"]')].find((b) => b.textContent.trim() === 'Connect');
  const check = () => {
    if (!readySeen) {
      const button = connectButton();
      if (button && !button.disabled) {
        readySeen = true;
        afterPaint((time) => (marks.ready = time));
      }
    }
    if (marks.click !== undefined && !toolSeen && document.querySelector('ul[aria-label="Tools"] > li')) {
      toolSeen = true;
      afterPaint((time) => (marks.firstTool = time));
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled'] });
  document.addEventListener('click', (event) => {
    if (event.target instanceof HTMLButtonElement && event.target === connectButton()) {
      marks.click = performance.timeOrigin + event.timeStamp;
      delete marks.firstTool;
      toolSeen = false;
    }
  }, true);
})();`;

const installMarks = (page: Page) => page.addInitScript({ content: MARKS_SCRIPT });

const marksOf = (page: Page) => page.evaluate(() => window.__benchMarks!);

async function waitForMark(page: Page, mark: 'ready' | 'firstTool'): Promise<Marks> {
  await page.waitForFunction((name) => window.__benchMarks?.[name] !== undefined, mark, { timeout: 60_000 });
  return marksOf(page);
}

/** Opens the app on the server's address; resolves when Connect can be pressed, with ms since navigation. */
async function openApp(page: Page, appUrl: string, serverUrl: string): Promise<number> {
  await page.goto(`${appUrl}?url=${encodeURIComponent(serverUrl)}`);
  const marks = await waitForMark(page, 'ready');
  return marks.ready! - marks.origin;
}

async function choose(page: Page, protocol: Protocol): Promise<void> {
  const settings = page.getByRole('button', { name: 'Connection settings' });
  if ((await settings.getAttribute('aria-expanded')) !== 'true') await settings.click();
  await page.getByRole('combobox', { name: 'Protocol' }).selectOption({ label: protocol });
  await settings.click();
}

interface Connected {
  ms: number;
  requests: number;
}

async function connectOnce(page: Page, appUrl: string, serverUrl: string, protocol: Protocol): Promise<Connected> {
  await openApp(page, appUrl, serverUrl);
  await choose(page, protocol);
  const origin = new URL(serverUrl).origin;
  let requests = 0;
  const count = (request: Request) => {
    if (request.url().startsWith(origin)) requests += 1;
  };
  page.on('request', count);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  const marks = await waitForMark(page, 'firstTool');
  page.off('request', count);
  await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
  return { ms: marks.firstTool! - marks.click!, requests };
}

async function inFreshContext<T>(browser: Browser, run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    await installMarks(page);
    return await run(page);
  } finally {
    await context.close();
  }
}

async function measure(browser: Browser, appUrl: string, serverUrl: string, protocol: Protocol, remembered = false) {
  const times: number[] = [];
  const requests: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const connected = await inFreshContext(browser, async (page) => {
      // "Remembered": a first connect in this context teaches the app the server's era.
      if (remembered) await connectOnce(page, appUrl, serverUrl, protocol);
      return connectOnce(page, appUrl, serverUrl, protocol);
    });
    times.push(connected.ms);
    requests.push(connected.requests);
  }
  return { ms: median(times), requests: median(requests) };
}

/** Page load to Connect ready, median of ROUNDS fresh contexts (nothing cached). */
async function measureReady(browser: Browser, appUrl: string, serverUrl: string): Promise<number> {
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) times.push(await inFreshContext(browser, (page) => openApp(page, appUrl, serverUrl)));
  return median(times);
}

interface Seen {
  url: string;
  /** The JSON-RPC method of a POST, else the HTTP method. */
  what: string;
  start: number;
  /** Response headers in (a stream's "open"), and the body's end; undefined while still streaming. */
  headers?: number;
  end?: number;
}

/** What one connect's timeline says, in ms from the click. */
export interface ConnectTrace {
  lines: string[];
  /** The app's own files fetched between the click and the first tool on screen, and when the last of them had arrived. */
  chunks: number;
  chunksDone: number;
  /** From the click to the first request to the server. */
  firstRequest: number;
  /** From the first request to the server to tools/list's answer. */
  requests: number;
  /** From the stream's response headers (2025: the GET; 2026-07-28: subscriptions/listen) to tools/list being sent. */
  streamToList?: number;
  /** From tools/list's answer to the first tool on screen. */
  render: number;
  total: number;
}

function rpcMethod(request: Request): string {
  if (request.method() !== 'POST') return request.method();
  try {
    const body = request.postDataJSON() as { method?: string } | Array<{ method?: string }>;
    const first = Array.isArray(body) ? body[0] : body;
    return first?.method ?? (Array.isArray(body) ? 'batch' : 'POST (answer)');
  } catch {
    return 'POST';
  }
}

/** One connect, in a fresh context, with every request on a timeline from the click. */
export function traceConnect(browser: Browser, appUrl: string, serverUrl: string, protocol: Protocol): Promise<ConnectTrace> {
  return inFreshContext(browser, async (page) => {
    await openApp(page, appUrl, serverUrl);
    await choose(page, protocol);
    const seen = new Map<Request, Seen>();
    const onRequest = (request: Request) => {
      seen.set(request, { url: request.url(), what: rpcMethod(request), start: Date.now() });
    };
    const onResponse = (response: { request(): Request }) => {
      const entry = seen.get(response.request());
      if (entry) entry.headers = Date.now();
    };
    const onDone = (request: Request) => {
      const entry = seen.get(request);
      if (!entry) return;
      entry.end = Date.now();
      // Playwright's own timing is the browser's: more exact than when the event reached us.
      const timing = request.timing();
      if (timing.startTime > 0) {
        entry.start = timing.startTime;
        if (timing.responseStart >= 0) entry.headers = timing.startTime + timing.responseStart;
        if (timing.responseEnd >= 0) entry.end = timing.startTime + timing.responseEnd;
      }
    };
    const context = page.context();
    context.on('request', onRequest);
    context.on('response', onResponse);
    context.on('requestfinished', onDone);
    await page.getByRole('button', { name: 'Connect', exact: true }).click();
    const marks = await waitForMark(page, 'firstTool');
    context.off('request', onRequest);
    context.off('response', onResponse);
    context.off('requestfinished', onDone);
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();

    const click = marks.click!;
    const rel = (time: number | undefined) => (time === undefined ? undefined : time - click);
    const server = new URL(serverUrl).origin;
    const all = [...seen.values()].sort((a, b) => a.start - b.start);
    // Only those on the way to the first tool: the tool form's chunk is fetched ahead once the list is shown.
    const files = all.filter(
      (entry) => entry.url.startsWith(new URL(appUrl).origin) && entry.start >= click && entry.start <= marks.firstTool!,
    );
    const mcp = all.filter((entry) => entry.url.startsWith(server) && entry.start >= click);
    const list = mcp.find((entry) => entry.what === 'tools/list');
    const stream = mcp.find((entry) => entry.what === 'GET' || entry.what === 'subscriptions/listen');
    const firstTool = rel(marks.firstTool)!;
    const listDone = rel(list?.end ?? list?.headers) ?? firstTool;
    const lines: string[] = [];
    const chunksDone = Math.max(0, ...files.map((entry) => rel(entry.end ?? entry.headers) ?? 0));
    if (files.length > 0) {
      const names = files.map((entry) => entry.url.slice(entry.url.lastIndexOf('/') + 1).replace(/-[\w-]{8}\.(js|css)$/, '.$1'));
      lines.push(`${ms(rel(files[0]!.start)!)} – ${ms(chunksDone)}: ${files.length} files of the app (${names.join(', ')})`);
    } else lines.push('no file of the app fetched after the click');
    for (const entry of mcp) {
      const end = rel(entry.end);
      const open = rel(entry.headers);
      const until = end !== undefined ? `→ ${ms(end)}` : open !== undefined ? `→ open at ${ms(open)}, streaming` : '→ (no answer yet)';
      lines.push(`${ms(rel(entry.start)!)}: ${entry.what} ${until}`);
    }
    lines.push(`${ms(firstTool)}: first tool on screen`);
    return {
      lines,
      chunks: files.length,
      chunksDone,
      firstRequest: mcp.length > 0 ? rel(mcp[0]!.start)! : firstTool,
      requests: mcp.length > 0 ? listDone - rel(mcp[0]!.start)! : 0,
      ...(stream?.headers !== undefined && list && { streamToList: list.start - stream.headers }),
      render: firstTool - listDone,
      total: firstTool,
    };
  });
}

export async function benchConnect(browser: Browser, report: Report, appUrl: string, legacyUrl: string, modernUrl: string): Promise<void> {
  const ready = await measureReady(browser, appUrl, modernUrl);
  report('page load: navigation to Connect ready', ms(ready), '≤ 500 ms', ready <= 500);
  for (const [label, url, pinned] of [
    ['2025 server', legacyUrl, '2025 and older'],
    ['2026-07-28 server', modernUrl, '2026-07-28'],
  ] as const) {
    const base = await measure(browser, appUrl, url, pinned);
    const auto = await measure(browser, appUrl, url, 'Auto');
    report(`connect, ${label}, pinned: Connect to tool list`, `${ms(base.ms)} (${base.requests} requests)`, '≤ 300 ms', base.ms <= 300);
    report(
      `connect, ${label}, Auto: Connect to tool list`,
      `${ms(auto.ms)} (${auto.requests} requests; pinned ${base.requests})`,
      '≤ 300 ms, at most one request more than pinned',
      auto.ms <= 300 && auto.requests <= base.requests + 1,
    );
    if (label === '2025 server') {
      const known = await measure(browser, appUrl, url, 'Auto', true);
      report(
        `connect, ${label}, Auto, era remembered: Connect to tool list`,
        `${ms(known.ms)} (${known.requests} requests; pinned ${base.requests})`,
        '≤ 300 ms, no request more than pinned',
        known.ms <= 300 && known.requests <= base.requests,
      );
    }
    const trace = await traceConnect(browser, appUrl, url, 'Auto');
    console.log(`    one connect, ${label}, Auto, from the click:`);
    for (const line of trace.lines) console.log(`      ${line}`);
    const where = `connect trace, ${label}, Auto`;
    report(
      `${where}: app files fetched after the click`,
      `${trace.chunks} (the last in at ${ms(trace.chunksDone)})`,
      '(informational)',
      true,
    );
    report(`${where}: click to the first request`, ms(trace.firstRequest), '(informational)', true);
    report(`${where}: first request to tools/list answered`, ms(trace.requests), '(informational)', true);
    if (trace.streamToList !== undefined)
      report(
        `${where}: stream open to tools/list sent`,
        // The list does not wait for the stream: when it went first, a negative gap would read as a time taken.
        trace.streamToList >= 0 ? ms(trace.streamToList) : `0 ms (tools/list sent ${ms(-trace.streamToList)} before the stream opened)`,
        '(informational)',
        true,
      );
    report(`${where}: tools/list answered to first tool on screen`, ms(trace.render), '(informational)', true);
  }
}
