/**
 * UI preferences that survive a reload. Only preferences live here — never URLs, headers or tokens —
 * because whatever is persisted sits in localStorage in clear. One exception, bounded and coarse: the
 * protocol era each server origin spoke (era-prefs.ts), origins only, so Auto can skip a needless probe.
 */
import { createStore } from 'zustand/vanilla';
import { DEFAULT_CLIENT_FEATURES, type ClientFeatureSettings } from '../shared/client-features.ts';
import type { EraChoice, ProtocolEra } from '../shared/model.ts';
import { isEraChoice, rememberEra, sanitizeKnownEras, type KnownEras } from './era-prefs.ts';
import { sanitizeLayout, type LayoutPrefs } from './layout-prefs.ts';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** The subset of `Storage` the store needs; absent in tests and when storage is blocked. */
export interface PrefsStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/**
 * A list kept in storage as JSON, as saved requests and conversation scripts are: the newest `max` entries,
 * each passed through `check` (what is on disk may be from another build or edited by hand), and an empty
 * list for anything unreadable.
 */
export function readStoredList<T>(storage: PrefsStorage | undefined, key: string, max: number, check: (value: unknown) => T | null): T[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage?.getItem(key) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed
    .slice(-max)
    .map(check)
    .filter((entry) => entry !== null);
}

/** How tool calls run: timeouts and the confirmation before a possibly destructive tool. */
export interface ToolPrefs {
  /** Per-request timeout, reset by progress notifications. */
  toolTimeoutMs: number;
  /** Hard limit for one call however much progress arrives. */
  toolMaxTotalTimeoutMs: number;
  /** Ask before running a tool that is not read-only and may be destructive (by its hints or the spec's defaults). */
  confirmDestructive: boolean;
}

const DEFAULT_TOOL_PREFS: ToolPrefs = { toolTimeoutMs: 60_000, toolMaxTotalTimeoutMs: 10 * 60_000, confirmDestructive: true };

export interface PrefsState extends ToolPrefs {
  theme: ThemeChoice;
  /** The client capabilities the next connection declares (see client-features-store.ts); not secrets. */
  clientFeatures: ClientFeatureSettings;
  /** The protocol era the next connection asks for. @default 'auto' */
  era: EraChoice;
  /** Per server origin, the era it spoke when last connected (see era-prefs.ts). */
  knownEras: KnownEras;
  /** Demo mode: larger type, secrets hidden, traffic folded into a strip. Per page, never stored. @default false */
  demo: boolean;
  /** Pane sizes and what is folded (layout-prefs.ts). */
  layout: LayoutPrefs;
  actions: {
    setLayout(change: Partial<LayoutPrefs>): void;
    setDemo(on: boolean): void;
    setTheme(theme: ThemeChoice): void;
    setToolPrefs(prefs: Partial<ToolPrefs>): void;
    setClientFeatures(settings: ClientFeatureSettings): void;
    setEra(era: EraChoice): void;
    /** Records the era `origin` spoke (kept per origin, the oldest dropped beyond a bound). */
    rememberEra(origin: string, era: ProtocolEra, now: number): void;
  };
}

const THEME_KEY = 'mcp-lens.theme';
const TOOL_PREFS_KEY = 'mcp-lens.tool-prefs';
const CLIENT_FEATURES_KEY = 'mcp-lens.client-features';
const ERA_KEY = 'mcp-lens.era';
const KNOWN_ERAS_KEY = 'mcp-lens.known-eras';
const LAYOUT_KEY = 'mcp-lens.layout';
const THEMES: readonly ThemeChoice[] = ['system', 'light', 'dark'];

export function createPrefsStore(storage?: PrefsStorage) {
  const read = (): ThemeChoice => {
    try {
      const saved = storage?.getItem(THEME_KEY);
      return THEMES.find((theme) => theme === saved) ?? 'system';
    } catch {
      return 'system';
    }
  };
  return createStore<PrefsState>()((set, get) => ({
    theme: read(),
    ...readJson(storage, TOOL_PREFS_KEY, sanitizeToolPrefs),
    clientFeatures: readJson(storage, CLIENT_FEATURES_KEY, sanitizeClientFeatures),
    era: readJson(storage, ERA_KEY, (value) => (isEraChoice(value.choice) ? value.choice : 'auto')),
    knownEras: readJson(storage, KNOWN_ERAS_KEY, sanitizeKnownEras),
    demo: false,
    layout: readJson(storage, LAYOUT_KEY, sanitizeLayout),
    actions: {
      setLayout(change) {
        const layout = sanitizeLayout({ ...get().layout, ...change });
        set({ layout });
        writeJson(storage, LAYOUT_KEY, layout);
      },
      setDemo(on) {
        if (on !== get().demo) set({ demo: on });
      },
      setEra(era) {
        if (!isEraChoice(era) || era === get().era) return;
        set({ era });
        writeJson(storage, ERA_KEY, { choice: era });
      },
      rememberEra(origin, era, now) {
        const knownEras = rememberEra(get().knownEras, origin, era, now);
        if (knownEras === get().knownEras) return;
        set({ knownEras });
        writeJson(storage, KNOWN_ERAS_KEY, knownEras);
      },
      setClientFeatures(settings) {
        const next = sanitizeClientFeatures(settings);
        set({ clientFeatures: next });
        writeJson(storage, CLIENT_FEATURES_KEY, next);
      },
      setToolPrefs(prefs) {
        const next = sanitizeToolPrefs({ ...pickToolPrefs(get()), ...prefs });
        set(next);
        writeJson(storage, TOOL_PREFS_KEY, next);
      },
      setTheme(theme) {
        set({ theme });
        try {
          storage?.setItem(THEME_KEY, theme);
        } catch {
          // Storage can be full or blocked (private mode); the choice still applies to this page.
        }
      },
    },
  }));
}

export type PrefsStore = ReturnType<typeof createPrefsStore>;

const pickToolPrefs = (state: ToolPrefs): ToolPrefs => ({
  toolTimeoutMs: state.toolTimeoutMs,
  toolMaxTotalTimeoutMs: state.toolMaxTotalTimeoutMs,
  confirmDestructive: state.confirmDestructive,
});

const MIN_TIMEOUT_MS = 1_000;
const MAX_TIMEOUT_MS = 24 * 60 * 60_000;

/** Keeps stored or typed values usable: whole milliseconds in range, and a maximum no shorter than the timeout. */
function sanitizeToolPrefs(value: Partial<Record<keyof ToolPrefs, unknown>>): ToolPrefs {
  const ms = (v: unknown, fallback: number) =>
    typeof v === 'number' && Number.isFinite(v) ? Math.round(Math.min(MAX_TIMEOUT_MS, Math.max(MIN_TIMEOUT_MS, v))) : fallback;
  const toolTimeoutMs = ms(value.toolTimeoutMs, DEFAULT_TOOL_PREFS.toolTimeoutMs);
  const toolMaxTotalTimeoutMs = Math.max(toolTimeoutMs, ms(value.toolMaxTotalTimeoutMs, DEFAULT_TOOL_PREFS.toolMaxTotalTimeoutMs));
  const confirmDestructive =
    typeof value.confirmDestructive === 'boolean' ? value.confirmDestructive : DEFAULT_TOOL_PREFS.confirmDestructive;
  return { toolTimeoutMs, toolMaxTotalTimeoutMs, confirmDestructive };
}

/** Each switch a boolean (else its default), and sampling tools only with sampling, as the settings UI keeps them. */
function sanitizeClientFeatures(value: Partial<Record<keyof ClientFeatureSettings, unknown>>): ClientFeatureSettings {
  const settings = { ...DEFAULT_CLIENT_FEATURES };
  for (const key of Object.keys(settings) as Array<keyof ClientFeatureSettings>) {
    if (typeof value[key] === 'boolean') settings[key] = value[key];
  }
  if (!settings.sampling) settings.samplingTools = false;
  return settings;
}

/** A stored JSON object through its sanitizer; missing, unreadable or broken storage gives the defaults. */
function readJson<T>(storage: PrefsStorage | undefined, key: string, sanitize: (value: Record<string, unknown>) => T): T {
  let parsed: unknown;
  try {
    const saved = storage?.getItem(key);
    parsed = saved ? JSON.parse(saved) : {};
  } catch {
    parsed = {};
  }
  return sanitize(typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {});
}

function writeJson(storage: PrefsStorage | undefined, key: string, value: unknown): void {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // As for the theme: the choice still applies to this page.
  }
}
