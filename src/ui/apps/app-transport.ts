/**
 * The host's end of an app's postMessage channel, in place of the ext-apps PostMessageTransport, so that an
 * app's messages never delay the engine's answers (issue 25, class 4). The engine's answers reach this page as
 * messages from its worker, on the same main thread as the app's. So an app's message is only counted and
 * queued when it arrives (a few microseconds, before anything parses it), and the queue is worked off later
 * in short slices at background priority: a task of the engine's, queued behind an app's burst, runs first.
 * - **Budget.** Every message is counted by `app-budget.ts` first; past it the app is paused and its
 *   messages are dropped unread.
 * - **Coalescing.** A size change replaces one still queued, so a burst of resizes costs one.
 * - **No per-message logging.** The package's transport logs every message to the console, which costs the
 *   main thread a serialisation per message whenever developer tools or a test driver listen.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';

import { createAppBudget } from './app-budget.ts';

/** The longest slice of app messages handled in one task, in ms: well under a frame. */
const SLICE_MS = 4;
const SIZE_CHANGED = 'ui/notifications/size-changed';

export interface AppTransportDeps {
  /** The clock, for the budget and the slices. */
  now: () => number;
  /** Called once, when the app goes over its budget. */
  onOverBudget: () => void;
  /** Runs `work` later, after the page's own pending tasks (a background-priority task where there is one). */
  later?: (work: () => void) => void;
}

interface Scheduler {
  postTask(work: () => void, options: { priority: 'background' }): Promise<void>;
}

/** A background-priority task where the browser has `scheduler.postTask`, a plain task otherwise. */
function backgroundTask(work: () => void): void {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler) void scheduler.postTask(work, { priority: 'background' });
  else setTimeout(work, 0);
}

const isMessage = (data: unknown): data is JSONRPCMessage =>
  isJSONRPCRequest(data) || isJSONRPCNotification(data) || isJSONRPCResponse(data);

export class AppTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private readonly queue: unknown[] = [];
  private readonly budget = createAppBudget();
  private readonly later: (work: () => void) => void;
  private draining = false;
  private over = false;
  private closed = false;

  constructor(
    private readonly frame: Window,
    private readonly deps: AppTransportDeps,
  ) {
    this.later = deps.later ?? backgroundTask;
  }

  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.frame || this.closed) return;
    if (this.over || !this.budget.admit(this.deps.now())) {
      if (!this.over) {
        this.over = true;
        this.queue.length = 0;
        this.deps.onOverBudget();
      }
      return;
    }
    const data: unknown = event.data;
    if (isSizeChange(data)) {
      const queued = this.queue.findIndex(isSizeChange);
      if (queued !== -1) {
        this.queue[queued] = data;
        return;
      }
    }
    this.queue.push(data);
    this.schedule();
  };

  private schedule(): void {
    if (this.draining) return;
    this.draining = true;
    this.later(this.drain);
  }

  private readonly drain = () => {
    this.draining = false;
    const end = this.deps.now() + SLICE_MS;
    while (this.queue.length > 0 && !this.closed && !this.over) {
      const data = this.queue.shift();
      if (isMessage(data)) this.onmessage?.(data);
      else if ((data as { jsonrpc?: unknown } | null)?.jsonrpc === '2.0')
        this.onerror?.(new Error('The app sent a JSON-RPC message that is not valid; it was ignored.'));
      if (this.deps.now() >= end) break;
    }
    if (this.queue.length > 0 && !this.closed && !this.over) this.schedule();
  };

  async start(): Promise<void> {
    window.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The sandbox page is on an opaque origin, which has no name to target: '*' with the frame's own window.
    if (!this.closed) this.frame.postMessage(message, '*');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    window.removeEventListener('message', this.listener);
    this.onclose?.();
  }
}

function isSizeChange(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { method?: unknown }).method === SIZE_CHANGED;
}
