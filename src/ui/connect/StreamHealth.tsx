/**
 * "Connected · stream unstable": the event stream's health beside the connection status, and what the
 * last drops were, one click away. The status re-reads the clock once a second while the stream is
 * unstable, so it returns to plain "Connected" when a minute passes without drops.
 */
import { useEffect, useState } from 'react';
import { streamHealth, streamHealthText, type StreamHealth } from '../../state/stream-health.ts';
import { formatDuration, formatTime } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useStoreOf } from '../services.tsx';

export function useStreamHealth(): StreamHealth {
  const stream = useStoreOf('connection', (state) => state.stream);
  const [now, setNow] = useState(() => Date.now());
  // `now` only ticks while unstable; a drop that has just arrived is as recent as the clock gets.
  const health = streamHealth(stream, Math.max(now, stream.drops.at(-1)?.time ?? 0));
  const unstable = health.kind === 'unstable';
  useEffect(() => {
    if (!unstable) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [unstable]);
  return health;
}

export function StreamHealthBadge({
  health,
  open,
  onToggle,
  controls,
}: {
  health: StreamHealth;
  open: boolean;
  onToggle(): void;
  controls: string;
}) {
  if (health.kind === 'stable') return null;
  const last = health.kind === 'unstable' ? health.last : health.drop;
  return (
    <button
      type="button"
      className={`status-stream stream-${health.kind}`}
      aria-expanded={open}
      aria-controls={controls}
      title={`Last drop at ${formatTime(last.time)}: ${last.reason}`}
      onClick={onToggle}
    >
      <span aria-hidden="true">⚠ </span>
      {streamHealthText(health)}
    </button>
  );
}

/** The recent drops, newest first, with what MCP Lens does about them. */
export function StreamHealthDetails({ id, health }: { id: string; health: StreamHealth }) {
  if (health.kind === 'stable') return null;
  const drops = [...health.recent].reverse();
  return (
    <section id={id} className="stream-health" aria-label="Event stream drops">
      {health.kind === 'stopped' ? (
        <p className="stream-health-lead">
          <strong>MCP Lens stopped reconnecting the event stream.</strong> <ServerText text={health.drop.reason} /> Press Connect to start a
          new session.
        </p>
      ) : (
        <p className="stream-health-lead">
          <strong>The server keeps dropping the event stream.</strong> MCP Lens reconnects on its own and resumes with Last-Event-ID, so
          requests still work; server notifications may arrive late. Common causes: a proxy or load balancer that closes long-lived
          responses, or a server restarting.
        </p>
      )}
      {drops.length > 0 && (
        <ol className="stream-drops">
          {drops.map((drop) => (
            <li key={`${drop.time}-${drop.reason}`}>
              <span className="mono">{formatTime(drop.time)}</span> <ServerText text={drop.reason} />
              {drop.lastEventId !== undefined && (
                <span className="muted">
                  {' '}
                  · resumes after event <span className="mono">{drop.lastEventId}</span>
                </span>
              )}
              {drop.reconnectInMs !== undefined && <span className="muted"> · next try after {formatDuration(drop.reconnectInMs)}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
