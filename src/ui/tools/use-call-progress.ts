import { useEffect, useState } from 'react';
import type { CallProgress } from '../../shared/events.ts';
import type { TaskInfo } from '../../shared/tasks.ts';
import { useApp } from '../services.tsx';

export interface CallProgressState {
  progress?: CallProgress;
  task?: TaskInfo;
}

/**
 * The latest progress of the call with this tracking id: `notifications/progress` and, for a task, its
 * status from tasks/get. Read straight from the event stream: it is transient and only this view needs it.
 */
export function useCallProgress(trackingId: string | null): CallProgressState {
  const { client } = useApp();
  const [state, setState] = useState<{ id: string | null; value: CallProgressState }>({ id: trackingId, value: {} });
  useEffect(() => {
    if (trackingId === null) return;
    return client.subscribe((events) => {
      let next: CallProgressState | undefined;
      for (const event of events) {
        if (event.type !== 'call-progress' || event.trackingId !== trackingId) continue;
        next = { ...(next ?? {}), ...(event.progress && { progress: event.progress }), ...(event.task && { task: event.task }) };
      }
      if (next) {
        const update = next;
        setState((previous) => ({ id: trackingId, value: previous.id === trackingId ? { ...previous.value, ...update } : update }));
      }
    });
  }, [client, trackingId]);
  return state.id === trackingId ? state.value : {};
}
