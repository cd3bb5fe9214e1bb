import { describe, expect, it } from 'vitest';
import type { ServerSummary } from '../shared/model.ts';
import type { EngineError } from '../shared/errors.ts';
import { createConnectionStore } from './connection-store.ts';

type Store = ReturnType<typeof createConnectionStore>;
const announce = (
  store: Store,
  phase: 'connecting' | 'connected' | 'failed' | 'disconnected',
  extra: { summary?: ServerSummary; error?: EngineError } = {},
) => store.getState().actions.applyEvents([{ type: 'connection', phase, ...extra }]);

const summary: ServerSummary = {
  url: 'http://127.0.0.1:3001/mcp',
  transport: 'streamable-http',
  era: 'legacy',
  eraReason: 'Pinned to 2025-11-25 and older.',
  protocolVersion: '2025-11-25',
  server: { name: 'demo', version: '1.0.0', icons: [] },
  capabilities: { tools: {} },
};

describe('connection store', () => {
  it('keeps what Connect sent apart from the draft, and puts it back on request', () => {
    const store = createConnectionStore({ url: 'http://127.0.0.1:1/mcp', headers: [{ name: 'X-Key', value: 'a' }] });
    const { actions } = store.getState();
    actions.restoreSent();
    expect(store.getState().input.url).toBe('http://127.0.0.1:1/mcp'); // nothing sent yet: nothing to restore
    actions.sent(store.getState().input);
    actions.setUrl('http://127.0.0.1:2/mcp');
    actions.setHeaders([{ name: 'X-Key', value: 'b' }]);
    expect(store.getState().lastSent).toMatchObject({ url: 'http://127.0.0.1:1/mcp', headers: [{ name: 'X-Key', value: 'a' }] });
    actions.restoreSent();
    expect(store.getState().input).toEqual({
      url: 'http://127.0.0.1:1/mcp',
      headers: [{ name: 'X-Key', value: 'a' }],
      transport: 'auto',
      era: 'auto',
    });
    // The restored bar is a copy: editing it leaves what was sent alone.
    store.getState().input.headers[0]!.value = 'edited';
    expect(store.getState().lastSent?.headers[0]?.value).toBe('a');
  });

  it('keeps the input across a failed attempt', () => {
    const store = createConnectionStore({ url: 'http://127.0.0.1:1/mcp' });
    const { actions } = store.getState();
    actions.setHeaders([{ name: 'Authorization', value: 'Bearer x' }]);
    actions.setEra('legacy');
    actions.setEra('auto');
    announce(store, 'connecting');
    announce(store, 'failed', { error: { code: 'unreachable', message: 'Nothing answered.' } });
    const state = store.getState();
    expect(state.phase).toBe('failed');
    expect(state.error?.code).toBe('unreachable');
    expect(state.input).toEqual({
      url: 'http://127.0.0.1:1/mcp',
      headers: [{ name: 'Authorization', value: 'Bearer x' }],
      transport: 'auto',
      era: 'auto',
    });
  });

  it('clears the error on a new attempt and bumps the key once per connection', () => {
    const store = createConnectionStore();
    announce(store, 'failed', { error: { code: 'cors', message: 'Blocked by CORS.' } });
    announce(store, 'connecting');
    expect(store.getState().error).toBeNull();
    announce(store, 'connected', { summary });
    expect(store.getState()).toMatchObject({ phase: 'connected', summary, connectionKey: 1 });
    // A session the engine re-opened in place keeps the key: the tabs keep what the user was doing.
    announce(store, 'connected', { summary: { ...summary, sessionId: 's-2' } });
    expect(store.getState().connectionKey).toBe(1);
    announce(store, 'disconnected');
    announce(store, 'connecting');
    announce(store, 'connected', { summary });
    expect(store.getState().connectionKey).toBe(2);
  });

  it('turns a disconnect with an error into a failure the user can read', () => {
    const store = createConnectionStore();
    announce(store, 'connected', { summary });
    store
      .getState()
      .actions.applyEvents([
        { type: 'connection', phase: 'disconnected', error: { code: 'unreachable', message: 'The server went away.' } },
      ]);
    expect(store.getState()).toMatchObject({ phase: 'failed', summary: null, error: { message: 'The server went away.' } });
  });
});
