/**
 * Whether the connection's event stream is healthy, from the drops the engine reported: a few drops
 * within a minute make it "unstable" until the minute passes without them; a stream the engine stopped
 * reconnecting stays "stopped" until the next connection. Pure, so the bar can re-ask as time passes.
 */
import type { StreamDrop } from '../shared/events.ts';

export interface StreamState {
  /** The latest drops, oldest first (bounded). */
  drops: StreamDrop[];
  /** Set when the engine gave up on the stream for this connection. */
  stopped: StreamDrop | null;
}

export const NO_STREAM_DROPS: StreamState = { drops: [], stopped: null };

/** How many drops within the window make a stream unstable. */
const UNSTABLE_DROPS = 3;
export const UNSTABLE_WINDOW_MS = 60_000;
/** Enough to show why, and to count a window's worth at any sane reconnect pace. */
const MAX_KEPT = 50;

export type StreamHealth =
  | { kind: 'stable' }
  | { kind: 'unstable'; recent: StreamDrop[]; last: StreamDrop }
  | { kind: 'stopped'; drop: StreamDrop; recent: StreamDrop[] };

export function addStreamDrop(state: StreamState, drop: StreamDrop): StreamState {
  if (drop.stopped) return { ...state, stopped: drop };
  const drops = state.drops.length >= MAX_KEPT ? [...state.drops.slice(1 - MAX_KEPT), drop] : [...state.drops, drop];
  return { ...state, drops };
}

export function streamHealth(state: StreamState, now: number): StreamHealth {
  const recent = state.drops.filter((drop) => drop.time > now - UNSTABLE_WINDOW_MS);
  if (state.stopped) return { kind: 'stopped', drop: state.stopped, recent };
  if (recent.length >= UNSTABLE_DROPS) return { kind: 'unstable', recent, last: recent.at(-1)! };
  return { kind: 'stable' };
}

/** The words beside "Connected"; empty for a stable stream. */
export function streamHealthText(health: StreamHealth): string {
  if (health.kind === 'unstable') {
    const count = health.recent.length >= MAX_KEPT ? `${MAX_KEPT}+` : String(health.recent.length);
    return `stream unstable (${count} reconnects in the last minute)`;
  }
  if (health.kind === 'stopped') return 'event stream stopped';
  return '';
}
