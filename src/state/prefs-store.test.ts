import { describe, expect, it } from 'vitest';
import { createPrefsStore } from './prefs-store.ts';
import { blockedStorage, memoryStorage } from '../test/support/test-storage.ts';

describe('prefs store', () => {
  it('restores and persists the theme choice', () => {
    const storage = memoryStorage({ 'mcp-lens.theme': 'dark' });
    const store = createPrefsStore(storage);
    expect(store.getState().theme).toBe('dark');
    store.getState().actions.setTheme('light');
    expect(storage.data['mcp-lens.theme']).toBe('light');
    expect(createPrefsStore(storage).getState().theme).toBe('light');
  });

  it('ignores a stored value it does not know, and storage that throws', () => {
    expect(createPrefsStore(memoryStorage({ 'mcp-lens.theme': 'neon' })).getState().theme).toBe('system');
    const store = createPrefsStore(blockedStorage);
    expect(store.getState().theme).toBe('system');
    store.getState().actions.setTheme('dark');
    expect(store.getState().theme).toBe('dark');
  });

  it('remembers pane sizes and folds, clamped to their bounds, and repairs what storage holds', () => {
    const storage = memoryStorage({ 'mcp-lens.layout': '{"mainShare": 5, "detailShare": "x", "timelineFolded": "yes"}' });
    const store = createPrefsStore(storage);
    expect(store.getState().layout).toEqual({ mainShare: 0.8, timelineShare: 0.2, detailShare: 0.6, timelineFolded: false });
    store.getState().actions.setLayout({ detailShare: 0.05, timelineFolded: true });
    expect(store.getState().layout).toMatchObject({ detailShare: 0.15, timelineFolded: true });
    expect(createPrefsStore(storage).getState().layout).toEqual(store.getState().layout);
  });

  it('persists tool preferences and repairs values out of range', () => {
    const storage = memoryStorage({
      'mcp-lens.tool-prefs': '{"toolTimeoutMs": 5, "toolMaxTotalTimeoutMs": "x", "confirmDestructive": false}',
    });
    const store = createPrefsStore(storage);
    expect(store.getState()).toMatchObject({ toolTimeoutMs: 1000, toolMaxTotalTimeoutMs: 600_000, confirmDestructive: false });
    store.getState().actions.setToolPrefs({ toolTimeoutMs: 90_000, toolMaxTotalTimeoutMs: 30_000, confirmDestructive: true });
    // The hard maximum is never shorter than the per-request timeout.
    expect(store.getState()).toMatchObject({ toolTimeoutMs: 90_000, toolMaxTotalTimeoutMs: 90_000, confirmDestructive: true });
    expect(createPrefsStore(storage).getState().toolTimeoutMs).toBe(90_000);
    expect(createPrefsStore(memoryStorage({ 'mcp-lens.tool-prefs': '{not json' })).getState().confirmDestructive).toBe(true);
  });
});
