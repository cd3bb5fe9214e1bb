/**
 * Authorization as the engine reports it: the steps of every flow (bounded, oldest dropped with a count)
 * and where the current one stands. Fed by `auth` events only.
 */
import { createStore } from 'zustand/vanilla';
import type { AuthStatus, AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';

export const AUTH_STEP_RETENTION = 300;

interface AuthActions {
  applyEvents(events: readonly EngineEvent[]): void;
  /** Clears the steps shown for a server after Forget (the engine has dropped its state already). */
  clearSteps(serverUrl: string): void;
  setCallbackError(message: string | null): void;
}

export interface AuthState {
  steps: readonly AuthStep[];
  /** Steps dropped from the front to stay within the retention. */
  evicted: number;
  status: AuthStatus;
  /** Why the last callback from the authorization server could not be completed; null when it could. */
  callbackError: string | null;
  actions: AuthActions;
}

export function createAuthStore() {
  return createStore<AuthState>()((set, get) => ({
    steps: [],
    evicted: 0,
    status: { phase: 'none' },
    callbackError: null,
    actions: {
      applyEvents(events) {
        let steps: AuthStep[] | undefined;
        let status: AuthStatus | undefined;
        for (const event of events) {
          if (event.type !== 'auth') continue;
          if (event.update.kind === 'step') (steps ??= [...get().steps]).push(event.update.step);
          else status = event.update.status;
        }
        if (!steps && !status) return;
        const overflow = steps ? Math.max(0, steps.length - AUTH_STEP_RETENTION) : 0;
        set({
          ...(steps && { steps: overflow > 0 ? steps.slice(overflow) : steps, evicted: get().evicted + overflow }),
          ...(status && { status }),
        });
      },
      setCallbackError: (callbackError) => set({ callbackError }),
      clearSteps(serverUrl) {
        set({ steps: get().steps.filter((step) => step.serverUrl !== serverUrl && step.kind !== 'forget') });
      },
    },
  }));
}
