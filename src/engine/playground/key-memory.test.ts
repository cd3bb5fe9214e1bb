/**
 * "Remember on this device" for a provider key: opt-in per origin, written from the engine into IndexedDB
 * (fake-indexeddb here), found by a fresh engine (another tab, another connection) and loaded on use, and
 * gone from memory and device after Forget.
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events.ts';
import { closeNow, createFakeProvider, FAKE_PROVIDER_KEY, listenOnLoopback } from '../../test/servers/fake-provider.ts';
import { realClock } from '../clock.ts';
import { createEngine } from '../engine.ts';

const { server, seen } = createFakeProvider();
let baseUrl = '';
beforeAll(async () => {
  baseUrl = `${await listenOnLoopback(server)}/openai/v1`;
});
afterAll(() => {
  closeNow(server);
});

/** One engine, as one tab's (or one connection's) worker: its own memory, the device's IndexedDB shared. */
function tab(device: IDBFactory | undefined) {
  const events: EngineEvent[] = [];
  const engine = createEngine({
    fetch: (input, init) => fetch(input, init),
    clock: realClock,
    emit: (event) => events.push(event),
    ...(device && { playground: { indexedDB: device } }),
  });
  const turn = () =>
    engine.call('modelTurn', {
      turnId: 't',
      provider: { kind: 'openai', baseUrl, model: 'fake-model' },
      messages: [{ role: 'user', text: 'hi' }],
      tools: [],
    });
  return { engine, turn, events };
}

describe('a provider key remembered on this device', () => {
  it('stays in memory only by default: another tab has no key', async () => {
    const device = new IDBFactory();
    const first = tab(device);
    expect(await first.engine.call('setProviderKey', { baseUrl, key: FAKE_PROVIDER_KEY })).toEqual({ held: true, remembered: false });
    expect(await tab(device).engine.call('providerKeyState', { baseUrl })).toEqual({ held: false, remembered: false });
  });

  it('when ticked, a fresh engine finds it and sends it on use, only to its origin', async () => {
    const device = new IDBFactory();
    const first = tab(device);
    expect(await first.engine.call('setProviderKey', { baseUrl, key: FAKE_PROVIDER_KEY, remember: true })).toEqual({
      held: true,
      remembered: true,
    });
    const second = tab(device);
    expect(await second.engine.call('providerKeyState', { baseUrl })).toEqual({ held: true, remembered: true });
    await second.turn();
    expect(seen.at(-1)!.authorization).toBe(`Bearer ${FAKE_PROVIDER_KEY}`);
    // Another origin (another port) has no key, remembered or not.
    const other = baseUrl.replace(/:(\d+)\//, (_, port: string) => `:${Number(port) + 1}/`);
    expect(await second.engine.call('providerKeyState', { baseUrl: other })).toEqual({ held: false, remembered: false });
    // Also found without asking first: loaded by the model step itself.
    await tab(device).turn();
    expect(seen.at(-1)!.authorization).toBe(`Bearer ${FAKE_PROVIDER_KEY}`);
  });

  it('unticked, it leaves the device and stays in memory; Forget leaves both', async () => {
    const device = new IDBFactory();
    const first = tab(device);
    await first.engine.call('setProviderKey', { baseUrl, key: FAKE_PROVIDER_KEY });
    expect(await first.engine.call('rememberProviderKey', { baseUrl, remember: true })).toEqual({ held: true, remembered: true });
    expect(await tab(device).engine.call('providerKeyState', { baseUrl })).toEqual({ held: true, remembered: true });
    expect(await first.engine.call('rememberProviderKey', { baseUrl, remember: false })).toEqual({ held: true, remembered: false });
    expect(await tab(device).engine.call('providerKeyState', { baseUrl })).toEqual({ held: false, remembered: false });

    await first.engine.call('rememberProviderKey', { baseUrl, remember: true });
    expect(await first.engine.call('setProviderKey', { baseUrl, key: '' })).toEqual({ held: false, remembered: false });
    expect(await first.engine.call('providerKeyState', { baseUrl })).toEqual({ held: false, remembered: false });
    const fresh = tab(device);
    expect(await fresh.engine.call('providerKeyState', { baseUrl })).toEqual({ held: false, remembered: false });
    await fresh.turn();
    expect(seen.at(-1)!.authorization).toBeUndefined();
  });

  it('without IndexedDB (the command line, some private modes) the key is held in memory and said not remembered', async () => {
    const alone = tab(undefined);
    expect(await alone.engine.call('setProviderKey', { baseUrl, key: FAKE_PROVIDER_KEY, remember: true })).toEqual({
      held: true,
      remembered: false,
    });
  });
});
