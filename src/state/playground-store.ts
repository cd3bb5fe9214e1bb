/**
 * The Playground of one connection: the provider settings (never the key, which only the worker holds), the
 * conversation as the person sees it, and the question waiting for the person before a tool runs. Fed by the
 * conversation loop (src/app/playground/) and by the engine's `model-text` events, which stream each model
 * step's text into its item. Entries are replaced, never changed in place.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineError } from '../shared/errors.ts';
import type { EngineEvent } from '../shared/events.ts';
import type { Tool, ToolCallOutcome } from '../shared/model.ts';
import type { ProviderConfig, ProviderKeyState, TokenUsage } from '../shared/playground.ts';
import type { SavedConversation } from '../shared/session-file/saved-conversation.ts';

export type PlaygroundItem =
  | { kind: 'user'; id: string; text: string }
  | {
      kind: 'model';
      id: string;
      /** The engine's turn id, which its `model-text` events carry. */
      turnId: string;
      text: string;
      status: 'streaming' | 'done' | 'stopped' | 'failed';
      startedAt: number;
      usage?: TokenUsage;
      durationMs?: number;
      error?: EngineError;
    }
  | {
      kind: 'tool';
      id: string;
      tool: string;
      arguments: Record<string, unknown>;
      status: 'asking' | 'running' | 'done' | 'failed' | 'declined' | 'stopped';
      outcome?: ToolCallOutcome;
      error?: EngineError;
      /** Why it did not run, in words (declined, no such tool, arguments not an object). */
      note?: string;
      durationMs?: number;
      /** The `seq` of its `tools/call` request in the message log (whose origin id is `playgroundCallId(id)`), once seen. */
      logSeq?: number;
    };

/** A prompt or resource the person attached: sent to the model as context with every step, until removed. */
export interface PlaygroundContext {
  id: string;
  kind: 'prompt' | 'resource';
  /** What names it: the prompt's name and arguments, or the resource's URI. */
  label: string;
  /** What the model is sent. */
  text: string;
  /** What was left out (images, blobs, a cut), in words; shown on the chip. */
  note?: string;
}

export interface PendingConfirm {
  itemId: string;
  tool: string;
  annotations?: Tool['annotations'];
  /** What the call will send, as the model wrote it: the person decides on what leaves, not only on the name. */
  arguments: Record<string, unknown>;
}

export interface PlaygroundState {
  preset: string;
  provider: ProviderConfig;
  /** The provider origins the worker holds a key for (the keys themselves never come back). */
  keyOrigins: readonly string[];
  /** Of those, the ones whose key is also remembered on this device (IndexedDB, in the worker). */
  rememberedOrigins: readonly string[];
  /** "Remember on this device" ticked before a key is given: the next key is remembered. Off by default. */
  rememberKey: boolean;
  /** Why the last key change failed (a base URL that is not one, a device that refused to store it). */
  keyError: EngineError | null;
  /**
   * Sampling requests on this connection are answered by the model and approved without asking. Off by
   * default, turned off when demo mode starts (src/app/playground/sampling-commands.ts).
   */
  autoSampling: boolean;
  /** Why the last automatic answer failed: that request waits for the person instead. */
  autoSamplingError: EngineError | null;
  /** Sampling requests answered automatically since auto-approve was last turned on (shown beside it). */
  autoSampled: number;
  items: readonly PlaygroundItem[];
  confirm: PendingConfirm | null;
  /** Tools the person allowed for this conversation: they are not asked about again until Restart. */
  allowed: readonly string[];
  context: readonly PlaygroundContext[];
  /** Conversations ended by Restart in this session, oldest first (the session file keeps them). */
  earlier: readonly SavedConversation[];
  actions: PlaygroundActions;
}

interface PlaygroundActions {
  /** A preset's settings (PROVIDER_PRESETS, which the view holds, so the first screen does not). */
  choosePreset(preset: string, provider: ProviderConfig): void;
  setProvider(change: Partial<ProviderConfig>): void;
  setKeyState(origin: string, state: ProviderKeyState): void;
  setRememberKey(remember: boolean): void;
  setKeyError(error: EngineError | null): void;
  setAutoSampling(on: boolean, error?: EngineError | null): void;
  /** One more sampling request answered automatically. */
  countAutoSampled(): void;
  add(item: PlaygroundItem): void;
  update(id: string, change: Partial<PlaygroundItem>): void;
  ask(confirm: PendingConfirm | null): void;
  allow(tool: string): void;
  /** A new conversation; the one on screen, if any, is kept in `earlier` as `ended` says. */
  restart(ended?: SavedConversation | null): void;
  attach(context: PlaygroundContext): void;
  detach(id: string): void;
  applyEvents(events: readonly EngineEvent[]): void;
}

/** Conversations kept after Restart, and context entries attached at once: both shown, both bounded. */
const MAX_EARLIER = 20;
const MAX_CONTEXT = 10;

/** PROVIDER_PRESETS.openai, written out so the store does not import the presets. */
const FIRST: ProviderConfig = { kind: 'openai', baseUrl: 'https://api.openai.com/v1', model: 'gpt-4o-mini' };

/**
 * The id a Playground tool item's call carries to the engine, which its request's log entry keeps as its
 * `origin.id`; registry job ids (`tool-…`) never start with `playground-`.
 */
export const playgroundCallId = (itemId: string) => `playground-${itemId}`;

export function createPlaygroundStore() {
  return createStore<PlaygroundState>()((set, get) => {
    return {
      preset: 'openai',
      provider: FIRST,
      keyOrigins: [],
      rememberedOrigins: [],
      rememberKey: false,
      keyError: null,
      autoSampling: false,
      autoSamplingError: null,
      autoSampled: 0,
      items: [],
      confirm: null,
      allowed: [],
      context: [],
      earlier: [],
      actions: {
        choosePreset: (preset, provider) => set({ preset, provider }),
        setProvider: (change) => set({ provider: { ...get().provider, ...change } }),
        setKeyState(origin, { held, remembered }) {
          const others = get().keyOrigins.filter((known) => known !== origin);
          const rememberedOthers = get().rememberedOrigins.filter((known) => known !== origin);
          set({
            keyOrigins: held ? [...others, origin] : others,
            rememberedOrigins: remembered ? [...rememberedOthers, origin] : rememberedOthers,
          });
        },
        setRememberKey: (rememberKey) => set({ rememberKey }),
        setKeyError: (keyError) => set({ keyError }),
        setAutoSampling: (autoSampling, error) =>
          set({
            autoSampling,
            ...(autoSampling && !get().autoSampling && { autoSampled: 0 }),
            ...(error !== undefined && { autoSamplingError: error }),
          }),
        countAutoSampled: () => set({ autoSampled: get().autoSampled + 1 }),
        add: (item) => set({ items: [...get().items, item] }),
        update(id, change) {
          set({ items: get().items.map((item) => (item.id === id ? ({ ...item, ...change } as PlaygroundItem) : item)) });
        },
        ask: (confirm) => set({ confirm }),
        allow: (tool) => set({ allowed: get().allowed.includes(tool) ? get().allowed : [...get().allowed, tool] }),
        restart: (ended) =>
          set({
            items: [],
            confirm: null,
            allowed: [],
            context: [],
            ...(ended && { earlier: [...get().earlier, ended].slice(-MAX_EARLIER) }),
          }),
        attach: (context) =>
          set({ context: [...get().context.filter((known) => known.label !== context.label), context].slice(-MAX_CONTEXT) }),
        detach: (id) => set({ context: get().context.filter((known) => known.id !== id) }),
        applyEvents(events) {
          let items = get().items;
          let changed = false;
          for (const event of events) {
            if (event.type === 'model-text') {
              items = items.map((item) =>
                item.kind === 'model' && item.turnId === event.turnId ? { ...item, text: item.text + event.text } : item,
              );
              changed = true;
            } else if (event.type === 'message' && event.entry.direction === 'out' && event.entry.kind === 'request') {
              const callId = event.entry.origin?.id;
              const seq = event.entry.seq;
              const index =
                callId === undefined ? -1 : items.findIndex((item) => item.kind === 'tool' && playgroundCallId(item.id) === callId);
              if (index >= 0) {
                items = items.map((item, at) => (at === index ? { ...item, logSeq: seq } : item));
                changed = true;
              }
            }
          }
          if (changed) set({ items });
        },
      },
    };
  });
}

/** The origin of a provider's base URL, or null while it is not a URL. */
export function providerOrigin(baseUrl: string): string | null {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return null;
  }
}
