/**
 * The host's end of an app's postMessage channel, in place of the ext-apps PostMessageTransport, so that an
 * app's messages never delay the engine's answers (docs/security.md#mcp-apps). The engine's answers reach this
 * page as messages from its worker, on the same main thread as the app's. So an app's message is only counted
 * and queued when it arrives, before anything parses it, and the queue is worked off later in short slices at
 * background priority: a task of the engine's, queued behind an app's burst, runs first.
 * - **Budget.** Every message is counted by `app-budget.ts` first, by number and by estimated size; past it
 *   the app is paused and its messages are dropped unread.
 * - **Coalescing.** A size change replaces one still queued, so a burst of resizes costs one.
 * - **No per-message logging.** The package's transport logs every message to the console, which costs the
 *   main thread a serialisation per message whenever developer tools or a test driver listen.
 * Every effect (the window it listens on, the frame, the clock, the scheduler) comes in through `AppTransportDeps`.
 */
import {
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResponse,
  type JSONRPCMessage,
  type Transport,
} from '@modelcontextprotocol/client';

import { APP_BYTES_PER_SECOND, createAppBudget, type AppBudget, type OverBudget } from './app-budget.ts';

/** The longest slice of app messages handled in one task, in ms: well under a frame. */
export const SLICE_MS = 4;
const SIZE_CHANGED = 'ui/notifications/size-changed';

/** Where the app's messages arrive: the page's window. */
export interface MessageSource {
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export interface AppTransportDeps {
  /** The app's frame: only its messages count, and replies go to it. */
  frame: Pick<Window, 'postMessage'>;
  /** The window the frame posts to. */
  host: MessageSource;
  /** The clock, for the budget and the slices. */
  now: () => number;
  /** Called once, when the app goes over its budget, with what it went over. */
  onOverBudget: (what: OverBudget) => void;
  /** Runs `work` later, after the page's own pending tasks (`backgroundTask` in the browser). */
  later: (work: () => void) => void;
  /** @default createAppBudget() */
  budget?: AppBudget;
}

interface Scheduler {
  postTask(work: () => void, options: { priority: 'background' }): Promise<void>;
}

/** A background-priority task where the browser has `scheduler.postTask`, a plain task otherwise. */
export function backgroundTask(work: () => void): void {
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
  private readonly budget: AppBudget;
  private draining = false;
  private over = false;
  private closed = false;

  constructor(private readonly deps: AppTransportDeps) {
    this.budget = deps.budget ?? createAppBudget();
  }

  private readonly listener = (event: MessageEvent) => {
    if (event.source !== this.deps.frame || this.closed || this.over) return;
    const data: unknown = event.data;
    const over = this.budget.admit(this.deps.now(), estimateBytes(data, APP_BYTES_PER_SECOND));
    if (over) {
      this.over = true;
      this.queue.length = 0;
      this.deps.onOverBudget(over);
      return;
    }
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
    this.deps.later(this.drain);
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
    this.deps.host.addEventListener('message', this.listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    // The sandbox page is on an opaque origin, which has no name to target: '*' with the frame's own window.
    if (!this.closed) this.deps.frame.postMessage(message, '*');
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    this.deps.host.removeEventListener('message', this.listener);
    this.onclose?.();
  }
}

function isSizeChange(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { method?: unknown }).method === SIZE_CHANGED;
}

/**
 * About the size of `value` as JSON, without serialising it: string lengths plus a few bytes a value. It stops
 * once past `limit`, so a message of millions of values costs no more than one over the budget.
 */
export function estimateBytes(value: unknown, limit: number): number {
  let bytes = 0;
  const stack: unknown[] = [value];
  while (stack.length > 0 && bytes <= limit) {
    const item = stack.pop();
    if (typeof item === 'string') bytes += item.length + 2;
    else if (item === null || typeof item !== 'object') bytes += 8;
    else if (Array.isArray(item)) {
      // A comma a value, charged up front: an array of millions is over the limit before it is walked.
      bytes += 2 + item.length;
      if (bytes <= limit) for (const entry of item) stack.push(entry);
    } else {
      bytes += 2;
      for (const key in item) {
        bytes += key.length + 4;
        if (bytes > limit) break;
        stack.push((item as Record<string, unknown>)[key]);
      }
    }
  }
  return bytes;
}
