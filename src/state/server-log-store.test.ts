import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../shared/events.ts';
import { createServerLogStore } from './server-log-store.ts';

let seq = 0;
const inbound = (method: string, params: unknown): EngineEvent => ({
  type: 'message',
  entry: { seq: ++seq, time: 1000 + seq, direction: 'in', kind: 'notification', method, message: { jsonrpc: '2.0', method, params } },
});

describe('server log store', () => {
  it('collects log messages with level, logger and data, and bounds them with a count', () => {
    const store = createServerLogStore({ retention: 2 });
    store
      .getState()
      .actions.appendEvents([
        inbound('notifications/message', { level: 'info', logger: 'db', data: 'one' }),
        inbound('notifications/message', { level: 'error', data: { code: 2 } }),
        inbound('notifications/progress', { progress: 1 }),
        inbound('notifications/message', { level: 'loud', data: 'three' }),
      ]);
    const { logs, logsEvicted } = store.getState();
    expect(logs.map((l) => l.level)).toEqual(['error', 'loud']);
    expect(logs[0]?.data).toEqual({ code: 2 });
    expect(logsEvicted).toBe(1);
    store.getState().actions.clearLogs();
    expect(store.getState().logs).toEqual([]);
  });

  it('counts resource updates until acknowledged, and a new connection resets them and subscriptions', () => {
    const store = createServerLogStore();
    const { actions } = store.getState();
    actions.setSubscribed('demo://a', true);
    actions.appendEvents([
      inbound('notifications/resources/updated', { uri: 'demo://a' }),
      inbound('notifications/resources/updated', { uri: 'demo://a' }),
    ]);
    expect(store.getState().updates.get('demo://a')?.count).toBe(2);
    actions.acknowledgeUpdate('demo://a');
    expect(store.getState().updates.has('demo://a')).toBe(false);
    actions.appendEvents([inbound('notifications/resources/updated', { uri: 'demo://a' })]);
    actions.setLogLevel('debug');
    actions.appendEvents([{ type: 'connection', phase: 'connecting' }]);
    expect(store.getState()).toMatchObject({ updates: new Map(), subscribed: new Set(), logLevel: null });
  });

  it("keeps 'off' (2026-07-28: no level sent) and refuses a level it does not know", () => {
    const store = createServerLogStore();
    store.getState().actions.setLogLevel('off');
    expect(store.getState().logLevel).toBe('off');
    store.getState().actions.setLogLevel('loud' as 'info');
    expect(store.getState().logLevel).toBeNull();
  });

  it('ignores outbound frames and updates without a uri', () => {
    const store = createServerLogStore();
    const out = inbound('notifications/message', { level: 'info', data: 'x' });
    if (out.type === 'message') out.entry.direction = 'out';
    store.getState().actions.appendEvents([out, inbound('notifications/resources/updated', {})]);
    expect(store.getState().logs).toEqual([]);
    expect(store.getState().updates.size).toBe(0);
  });

  it('keeps the latest state of the listen stream, and forgets it with a new connection', () => {
    const store = createServerLogStore();
    const requested = { toolsListChanged: true, resourcesListChanged: true };
    store.getState().actions.appendEvents([
      { type: 'listen', state: { status: 'opening', requested } },
      { type: 'listen', state: { status: 'listening', requested, honoured: { toolsListChanged: true } } },
    ]);
    expect(store.getState().listen).toMatchObject({ status: 'listening', honoured: { toolsListChanged: true } });
    store.getState().actions.appendEvents([{ type: 'connection', phase: 'connecting' }]);
    expect(store.getState().listen).toBeNull();
  });

  describe('keys that name Object.prototype members (issue 16)', () => {
    const HOSTILE = ['__proto__', 'constructor', 'toString', 'hasOwnProperty'];

    it.each(HOSTILE)('shows no update or subscription for a resource named %s that nobody announced', (uri) => {
      const store = createServerLogStore();
      const { updates, subscribed } = store.getState();
      expect(updates.get(uri)).toBeUndefined();
      expect(subscribed.has(uri)).toBe(false);
      store.getState().actions.acknowledgeUpdate(uri);
      expect(store.getState().updates.size).toBe(0);
    });

    it.each(HOSTILE)('counts, acknowledges and subscribes a resource named %s like any other', (uri) => {
      const store = createServerLogStore();
      const { actions } = store.getState();
      actions.appendEvents([
        inbound('notifications/resources/updated', { uri }),
        inbound('notifications/resources/updated', { uri: 'demo://a' }),
      ]);
      expect(store.getState().updates.get(uri)?.count).toBe(1);
      expect(store.getState().updates.get('demo://a')?.count).toBe(1);
      actions.acknowledgeUpdate(uri);
      expect(store.getState().updates.has(uri)).toBe(false);
      expect(store.getState().updates.has('demo://a')).toBe(true);
      actions.setSubscribed(uri, true);
      expect(store.getState().subscribed.has(uri)).toBe(true);
      expect(store.getState().subscribed.has('demo://a')).toBe(false);
      actions.setSubscribed(uri, false);
      expect(store.getState().subscribed.size).toBe(0);
    });

    it('keeps counting log messages after notifications whose methods are prototype names', () => {
      const store = createServerLogStore();
      store
        .getState()
        .actions.appendEvents([
          ...HOSTILE.map((method) => inbound(method, { uri: method, level: 'error', data: method })),
          inbound('notifications/message', { level: 'info', data: 'after them' }),
        ]);
      expect(store.getState().logs.map((l) => l.data)).toEqual(['after them']);
      expect(store.getState().updates.size).toBe(0);
    });
  });
});
