/**
 * Connection state: what the user typed (kept across a failed attempt so they can fix and retry), the
 * phase, the server summary once connected, and the last error.
 */
import { createStore } from 'zustand/vanilla';
import type { EngineError } from '../shared/errors.ts';
import type { ConnectionPhase, EngineEvent } from '../shared/events.ts';
import type { EraChoice, HeaderPair, ServerSummary, TransportChoice } from '../shared/model.ts';
import { isRelayTokenHeader } from '../shared/relay.ts';
import { addStreamDrop, NO_STREAM_DROPS, type StreamState } from './stream-health.ts';

export interface ConnectionInput {
  url: string;
  headers: HeaderPair[];
  transport: TransportChoice;
  /** Which protocol era to speak: Auto probes for 2026-07-28 and falls back to 2025 on evidence. */
  era: EraChoice;
}

interface ConnectionActions {
  setUrl(url: string): void;
  setHeaders(headers: HeaderPair[]): void;
  setTransport(transport: TransportChoice): void;
  setEra(era: EraChoice): void;
  /** Connect sent `input`: what this connection is connected to (or trying), whatever the bar is edited to next. */
  sent(input: ConnectionInput): void;
  /**
   * Puts back in the bar what the connection last sent, dropping a draft typed since (that draft went to a
   * new connection of its own). Nothing changes when nothing was sent yet.
   */
  restoreSent(): void;
  /**
   * Applies the `connection` and `stream-drop` events of a batch (other event types are ignored). The
   * phase has this one writer: the engine announces every change, and src/app/event-router.ts routes it.
   */
  applyEvents(events: readonly EngineEvent[]): void;
}

export interface ConnectionState {
  phase: ConnectionPhase;
  summary: ServerSummary | null;
  /**
   * The last server this connection was connected to, kept after Disconnect or a failure, so the connection
   * keeps the server's name while its bar still points there.
   */
  lastSummary: ServerSummary | null;
  error: EngineError | null;
  input: ConnectionInput;
  /**
   * What the last Connect sent; null before the first. The bar (`input`) is a draft the person may edit while
   * connected, so this, not `input`, says which server a live session talks to.
   */
  lastSent: ConnectionInput | null;
  /**
   * Increments on every successful connection, so cached results (react-query keys) of one session are
   * never mistaken for another's, even for the same URL.
   */
  connectionKey: number;
  /** Drops of this session's event stream (see stream-health.ts); empty again with every new session. */
  stream: StreamState;
  actions: ConnectionActions;
}

export function createConnectionStore(initial: Partial<ConnectionInput> = {}) {
  return createStore<ConnectionState>()((set, get) => {
    const toPhase = (phase: ConnectionPhase, summary?: ServerSummary, error?: EngineError) => {
      const state = get();
      switch (phase) {
        case 'connecting':
          set({ phase, error: null, summary: null, stream: NO_STREAM_DROPS });
          return;
        case 'connected':
          set({
            phase,
            error: null,
            summary: summary ?? state.summary,
            lastSummary: summary ?? state.summary ?? state.lastSummary,
            stream: NO_STREAM_DROPS,
            // A session the engine re-opened in place (connected to connected, e.g. after the server forgot
            // it) keeps its key, so the tabs keep what the user was doing.
            connectionKey: state.phase === 'connected' ? state.connectionKey : state.connectionKey + 1,
          });
          return;
        case 'failed':
          set({ phase, summary: null, error: error ?? unknownFailure, stream: NO_STREAM_DROPS });
          return;
        case 'disconnected':
          // A disconnect with an error (the server went away) is reported as a failure the user can read.
          if (error) set({ phase: 'failed', summary: null, error, stream: NO_STREAM_DROPS });
          else set({ phase, summary: null, error: null, stream: NO_STREAM_DROPS });
      }
    };

    return {
      phase: 'disconnected',
      summary: null,
      lastSummary: null,
      error: null,
      input: { url: initial.url ?? '', headers: initial.headers ?? [], transport: initial.transport ?? 'auto', era: initial.era ?? 'auto' },
      lastSent: null,
      connectionKey: 0,
      stream: NO_STREAM_DROPS,
      actions: {
        // The relay's token belongs to the relay it came with: a URL on another origin drops it, so it is
        // never sent to the next server this connection is pointed at.
        setUrl: (url) =>
          set((s) => ({
            input: {
              ...s.input,
              url,
              ...(originOf(url) !== originOf(s.input.url) && { headers: s.input.headers.filter((h) => !isRelayTokenHeader(h.name)) }),
            },
          })),
        setHeaders: (headers) => set((s) => ({ input: { ...s.input, headers } })),
        setTransport: (transport) => set((s) => ({ input: { ...s.input, transport } })),
        setEra: (era) => set((s) => (s.input.era === era ? s : { input: { ...s.input, era } })),
        sent: (input) => set({ lastSent: { ...input, headers: input.headers.map((header) => ({ ...header })) } }),
        restoreSent: () =>
          set((s) => (s.lastSent ? { input: { ...s.lastSent, headers: s.lastSent.headers.map((header) => ({ ...header })) } } : s)),
        applyEvents(events) {
          for (const event of events) {
            if (event.type === 'connection') toPhase(event.phase, event.summary, event.error);
            // A drop reported as the connection ended belongs to no session the bar shows.
            else if (event.type === 'stream-drop' && get().phase === 'connected')
              set((s) => ({ stream: addStreamDrop(s.stream, event.drop) }));
          }
        },
      },
    };
  });
}

const originOf = (url: string) => (URL.canParse(url.trim()) ? new URL(url.trim()).origin : url.trim());

const unknownFailure: EngineError = { code: 'internal', message: 'The connection failed for an unknown reason.' };

export type ConnectionStore = ReturnType<typeof createConnectionStore>;
