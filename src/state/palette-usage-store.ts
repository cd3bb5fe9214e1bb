/**
 * What the command palette has been used for: per command id, how often and when last. The palette opens
 * on these (recent and most-used first). Kept in the browser, bounded, and checked entry by entry on load:
 * a damaged entry is dropped, not trusted.
 */
import { createStore } from 'zustand/vanilla';
import type { PrefsStorage } from './prefs-store.ts';

export interface CommandUse {
  count: number;
  /** Epoch milliseconds of the last use. */
  last: number;
}

export interface PaletteUsageState {
  uses: Readonly<Record<string, CommandUse>>;
  actions: { record(id: string, now: number): void };
}

const STORAGE_KEY = 'mcp-lens.palette-usage';
/** Enough for every command a person uses; the least recently used go first. */
const MAX_REMEMBERED_COMMANDS = 200;
const MAX_ID_CHARS = 500;

export function createPaletteUsageStore(storage?: PrefsStorage) {
  return createStore<PaletteUsageState>()((set, get) => ({
    uses: readUses(storage),
    actions: {
      record(id, now) {
        if (id.length > MAX_ID_CHARS) return;
        const previous = get().uses[id];
        const entries = Object.entries({ ...get().uses, [id]: { count: (previous?.count ?? 0) + 1, last: now } })
          .sort(([, a], [, b]) => b.last - a.last)
          .slice(0, MAX_REMEMBERED_COMMANDS);
        const uses = Object.fromEntries(entries);
        set({ uses });
        try {
          storage?.setItem(STORAGE_KEY, JSON.stringify(uses));
        } catch {
          // Blocked or full storage: the palette still remembers for this page.
        }
      },
    },
  }));
}

function readUses(storage: PrefsStorage | undefined): Record<string, CommandUse> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(STORAGE_KEY) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const uses: Record<string, CommandUse> = Object.create(null) as Record<string, CommandUse>;
  for (const [id, value] of Object.entries(parsed).slice(0, MAX_REMEMBERED_COMMANDS)) {
    const { count, last } = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (id.length > MAX_ID_CHARS || !isCount(count) || !isTime(last)) continue;
    uses[id] = { count, last };
  }
  return uses;
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
const isTime = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;
