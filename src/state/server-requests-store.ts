/**
 * Server→client requests waiting for the person, in arrival order, and which one is on screen. Entries
 * leave when answered or when the engine says they ended (cancelled, timed out, session closed); an entry
 * that leaves unanswered leaves a notice, so nobody wonders where the dialog went.
 */
import { createStore } from 'zustand/vanilla';
import type { PendingServerRequest } from '../shared/client-features.ts';
import type { EngineEvent } from '../shared/events.ts';

export type UrlElicitationStatus = 'waiting' | 'complete';

interface ServerRequestsActions {
  applyEvents(events: readonly EngineEvent[]): void;
  select(id: string): void;
  /** Tracks URL elicitations the person was shown, so `notifications/elicitation/complete` can mark them. */
  track(elicitationIds: readonly string[]): void;
  dismissNotice(): void;
}

export interface ServerRequestsState {
  pending: PendingServerRequest[];
  activeId: string | null;
  /** Why the last request that left unanswered left. */
  notice: string | null;
  /** Only tracked ids; completions for unknown ids are ignored, as the spec requires. */
  urlElicitations: Record<string, UrlElicitationStatus>;
  actions: ServerRequestsActions;
}

const MAX_TRACKED = 200;

export function createServerRequestsStore() {
  return createStore<ServerRequestsState>()((set, get) => ({
    pending: [],
    activeId: null,
    notice: null,
    urlElicitations: {},
    actions: {
      applyEvents(events) {
        let { pending, activeId, notice, urlElicitations } = get();
        let changed = false;
        for (const event of events) {
          if (event.type === 'server-request') {
            pending = [...pending, event.request];
            activeId ??= event.request.id;
            if (event.request.kind === 'elicitation-url') {
              const id = (event.request.params as { elicitationId?: unknown }).elicitationId;
              if (typeof id === 'string') urlElicitations = withTracked(urlElicitations, [id]);
            }
            changed = true;
          } else if (event.type === 'server-request-ended') {
            if (!pending.some((r) => r.id === event.id)) continue;
            pending = pending.filter((r) => r.id !== event.id);
            if (activeId === event.id) activeId = pending[0]?.id ?? null;
            if (event.reason !== 'answered') notice = event.text;
            changed = true;
          } else if (event.type === 'elicitation-complete' && urlElicitations[event.elicitationId] === 'waiting') {
            urlElicitations = { ...urlElicitations, [event.elicitationId]: 'complete' };
            changed = true;
          }
        }
        if (changed) set({ pending, activeId, notice, urlElicitations });
      },
      select(id) {
        if (get().pending.some((r) => r.id === id)) set({ activeId: id });
      },
      track(ids) {
        const next = withTracked(get().urlElicitations, ids);
        if (next !== get().urlElicitations) set({ urlElicitations: next });
      },
      dismissNotice() {
        set({ notice: null });
      },
    },
  }));
}

function withTracked(current: Record<string, UrlElicitationStatus>, ids: readonly string[]): Record<string, UrlElicitationStatus> {
  const fresh = ids.filter((id) => !(id in current));
  if (fresh.length === 0) return current;
  const entries = [...Object.entries(current), ...fresh.map((id) => [id, 'waiting'] as const)];
  return Object.fromEntries(entries.slice(-MAX_TRACKED));
}
