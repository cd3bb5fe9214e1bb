import { describe, expect, it } from 'vitest';
import type { AuthStep } from '../shared/auth.ts';
import type { EngineEvent } from '../shared/events.ts';
import { AUTH_STEP_RETENTION, createAuthStore } from './auth-store.ts';

const step = (id: number, serverUrl = 'https://a.example/mcp'): EngineEvent => ({
  type: 'auth',
  update: {
    kind: 'step',
    step: { id, time: id, serverUrl, kind: 'token', title: 'Token request', rule: 'r', verdict: 'ok' } satisfies AuthStep,
  },
});

describe('auth store', () => {
  it('appends steps, keeps the latest status, and ignores other events', () => {
    const store = createAuthStore();
    const before = store.getState();
    store.getState().actions.applyEvents([{ type: 'note', time: 0, level: 'info', text: 'x' }]);
    expect(store.getState()).toBe(before);
    store
      .getState()
      .actions.applyEvents([
        step(1),
        { type: 'auth', update: { kind: 'status', status: { phase: 'failed', serverUrl: 'u', message: 'm' } } },
        step(2),
      ]);
    expect(store.getState().steps.map((s) => s.id)).toEqual([1, 2]);
    expect(store.getState().status).toEqual({ phase: 'failed', serverUrl: 'u', message: 'm' });
  });

  it('bounds the steps and counts what it dropped', () => {
    const store = createAuthStore();
    store.getState().actions.applyEvents(Array.from({ length: AUTH_STEP_RETENTION + 5 }, (_, i) => step(i)));
    expect(store.getState().steps).toHaveLength(AUTH_STEP_RETENTION);
    expect(store.getState().evicted).toBe(5);
    expect(store.getState().steps[0]!.id).toBe(5);
  });

  it('clears one server’s steps', () => {
    const store = createAuthStore();
    store.getState().actions.applyEvents([step(1), step(2, 'https://b.example/mcp')]);
    store.getState().actions.clearSteps('https://a.example/mcp');
    expect(store.getState().steps.map((s) => s.serverUrl)).toEqual(['https://b.example/mcp']);
  });
});
