/**
 * Change notifications where the profile says `subscriptions/listen` (MCP 2026-07-28 has no GET stream and
 * no resources/subscribe): the client opens `subscriptions/listen` with a filter, the server acknowledges the
 * part it will honour, and the notifications arrive on that stream (the wire tap logs them like any other,
 * so the UI's list invalidation works unchanged). Subscribing to a resource re-opens the stream with the new
 * filter. A session extension: it starts when a session is adopted and closes with it, so the session itself
 * knows nothing of it.
 */
import type { McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';

import type { ListenState } from '../../shared/events.ts';
import type { FeatureContext } from './feature-context.ts';
import type { LensClient } from '../sdk/sdk-client.ts';
import type { Session, SessionExtension } from '../session/session.ts';
import { describeError } from '../../shared/read.ts';
import { rawRequest } from './paginate.ts';

/** A server that keeps dropping the stream is listened to again at most this often in one session. */
const MAX_RELISTENS = 3;

interface Listener {
  subscribe(uri: string): Promise<void>;
  unsubscribe(uri: string): Promise<void>;
  close(): Promise<void>;
}

/** How a resource subscription is made on a session, whichever way its profile says. */
interface ResourceSubscriptions {
  subscribe(uri: string, signal?: AbortSignal): Promise<void>;
  unsubscribe(uri: string, signal?: AbortSignal): Promise<void>;
}

export interface ListenFeature {
  extension: SessionExtension;
  subscriptions(session: Session): ResourceSubscriptions;
}

export function listenFeature(ctx: Pick<FeatureContext, 'emit' | 'note'>): ListenFeature {
  const listeners = new WeakMap<Session, Listener>();
  return {
    extension: {
      adopted(session) {
        if (session.profile.subscribe !== 'subscriptions/listen') return;
        const listener = startListening(session.client, session.summary.capabilities, {
          emit: (state) => ctx.emit({ type: 'listen', state }),
          note: ctx.note,
        });
        listeners.set(session, listener);
        session.onClose(() => listener.close());
      },
    },
    subscriptions(session) {
      const listener = listeners.get(session);
      if (listener) return { subscribe: (uri) => listener.subscribe(uri), unsubscribe: (uri) => listener.unsubscribe(uri) };
      const send = (method: string) => async (uri: string, signal?: AbortSignal) =>
        void (await rawRequest(session.client, method, { uri }, { ...(signal && { signal }) }));
      return { subscribe: send('resources/subscribe'), unsubscribe: send('resources/unsubscribe') };
    },
  };
}

interface ListenDeps {
  emit: (state: ListenState) => void;
  note: (level: 'info' | 'warning', text: string) => void;
}

function startListening(client: LensClient, capabilities: Record<string, unknown>, deps: ListenDeps): Listener {
  const uris = new Set<string>();
  const listChanged = (feature: string) => (capabilities[feature] as { listChanged?: unknown } | undefined)?.listChanged === true;
  const canSubscribe = (capabilities.resources as { subscribe?: unknown } | undefined)?.subscribe === true;
  let current: McpSubscription | undefined;
  let closed = false;
  let relistens = 0;
  // One change at a time: a subscribe while the stream re-opens waits for it.
  let queue = Promise.resolve();

  const filter = (): SubscriptionFilter => ({
    ...(listChanged('tools') && { toolsListChanged: true }),
    ...(listChanged('prompts') && { promptsListChanged: true }),
    ...(listChanged('resources') && { resourcesListChanged: true }),
    ...(uris.size > 0 && { resourceSubscriptions: [...uris] }),
  });

  async function open(): Promise<void> {
    const previous = current;
    current = undefined;
    await previous?.close();
    const requested = filter();
    if (closed || Object.keys(requested).length === 0) return;
    deps.emit({ status: 'opening', requested });
    let subscription: McpSubscription;
    try {
      subscription = await client.listen(requested);
    } catch (error) {
      const reason = describeError(error);
      deps.emit({ status: 'closed', requested, closedBy: 'error', reason });
      deps.note('warning', `subscriptions/listen failed: ${reason}. Change notifications will not arrive; refresh the lists by hand.`);
      return;
    }
    current = subscription;
    deps.emit({ status: 'listening', requested, honoured: subscription.honoredFilter });
    void subscription.closed.then((closedBy) => {
      if (current !== subscription) return;
      current = undefined;
      deps.emit({ status: 'closed', requested, honoured: subscription.honoredFilter, closedBy });
      if (closedBy !== 'remote' || closed) return;
      if (relistens >= MAX_RELISTENS) {
        deps.note(
          'warning',
          `The server dropped the subscriptions/listen stream ${MAX_RELISTENS + 1} times; MCP Lens stopped listening. Change notifications will not arrive until you connect again.`,
        );
        return;
      }
      relistens += 1;
      deps.note('info', 'The server dropped the subscriptions/listen stream without ending it; listening again.');
      change(() => undefined);
    });
  }

  const change = (edit: () => void) => {
    queue = queue.then(() => {
      edit();
      return open();
    });
    return queue;
  };

  void change(() => undefined);
  return {
    subscribe(uri) {
      if (!canSubscribe)
        return Promise.reject({
          code: 'protocol',
          message: 'The server does not offer resource subscriptions (capabilities.resources.subscribe).',
        });
      return change(() => uris.add(uri));
    },
    unsubscribe: (uri) => change(() => uris.delete(uri)),
    async close() {
      closed = true;
      await queue;
      await current?.close();
      current = undefined;
    },
  };
}
