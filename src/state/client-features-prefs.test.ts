/** The client capability switches survive a reload: saved in the prefs store (localStorage), repaired when read. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT_FEATURES } from '../shared/client-features.ts';
import { createClientFeaturesStore, persistClientFeatures } from './client-features-store.ts';
import { createPrefsStore, type PrefsStorage } from './prefs-store.ts';
import { blockedStorage, memoryStorage } from '../test/support/test-storage.ts';

/** What main.tsx does on every page load. */
function load(storage: PrefsStorage) {
  const prefs = createPrefsStore(storage);
  const store = createClientFeaturesStore();
  persistClientFeatures(store, prefs);
  return store;
}

describe('client capability switches', () => {
  it('start on, and keep what the person switched across a reload', () => {
    const storage = memoryStorage();
    const first = load(storage);
    expect(first.getState().settings).toEqual(DEFAULT_CLIENT_FEATURES);
    first.getState().actions.setSetting('sampling', false);
    first.getState().actions.setSetting('elicitationUrl', false);

    const reloaded = load(storage);
    expect(reloaded.getState().settings).toEqual({
      ...DEFAULT_CLIENT_FEATURES,
      sampling: false,
      samplingTools: false,
      elicitationUrl: false,
    });
    reloaded.getState().actions.setSetting('samplingTools', true);
    expect(load(storage).getState().settings).toEqual({ ...DEFAULT_CLIENT_FEATURES, elicitationUrl: false });
  });

  it('repairs what storage holds: unknown keys and non-booleans dropped, tools never without sampling, bad JSON ignored', () => {
    const saved = JSON.stringify({ sampling: false, samplingTools: true, roots: 'no', elicitationForm: false, tasks: true });
    expect(load(memoryStorage({ 'mcp-lens.client-features': saved })).getState().settings).toEqual({
      ...DEFAULT_CLIENT_FEATURES,
      sampling: false,
      samplingTools: false,
      elicitationForm: false,
    });
    expect(load(memoryStorage({ 'mcp-lens.client-features': '{oops' })).getState().settings).toEqual(DEFAULT_CLIENT_FEATURES);
  });

  it('still switch when storage is blocked', () => {
    const store = load(blockedStorage);
    store.getState().actions.setSetting('roots', false);
    expect(store.getState().settings.roots).toBe(false);
  });
});
