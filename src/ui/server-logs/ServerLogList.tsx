import { memo, useRef, useState } from 'react';
import { isLogLevel } from '../../shared/logging-api.ts';
import type { ServerLogEntry } from '../../state/index.ts';
import { formatTime, oneLine, prettyJson } from '../common/format.ts';
import { ServerText } from '../common/ServerText.tsx';
import { useFixedRows } from '../common/use-fixed-rows.ts';

/** One line per message, so the list is windowed like the message log. */
const ROW_HEIGHT = 26;
/** Characters of a message shown in its row; the rest is in the message's detail below the list. */
const ROW_CHARS = 300;

/**
 * The server's log messages, newest last and followed while the person stays at the bottom. Only the rows
 * on screen are rendered: a flood repaints this list ten times a second, and 2,000 rows of variable height
 * re-laid-out each time kept the main thread busy for hundreds of milliseconds. A row shows its message on
 * one line; choosing it shows the whole message (pretty JSON for structured data) below.
 */
export function ServerLogList({ entries }: { entries: readonly ServerLogEntry[] }) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useFixedRows(scroller, entries.length, ROW_HEIGHT, 8);
  const [selectedSeq, setSelectedSeq] = useState<number | null>(null);
  const selected = selectedSeq === null ? undefined : entries.find((entry) => entry.seq === selectedSeq);
  return (
    <>
      <div className="logs-scroller" ref={scroller} onScroll={rows.onScroll}>
        <ol className="logs-list" aria-label="Server log messages" style={{ height: rows.totalHeight }}>
          {entries.slice(rows.start, rows.end).map((entry, offset) => (
            <LogEntryRow
              key={entry.seq}
              entry={entry}
              top={(rows.start + offset) * ROW_HEIGHT}
              selected={entry.seq === selectedSeq}
              onSelect={setSelectedSeq}
            />
          ))}
        </ol>
      </div>
      {selected && <LogEntryDetail entry={selected} onClose={() => setSelectedSeq(null)} />}
    </>
  );
}

const LogEntryRow = memo(function LogEntryRow({
  entry,
  top,
  selected,
  onSelect,
}: {
  entry: ServerLogEntry;
  top: number;
  selected: boolean;
  onSelect(seq: number): void;
}) {
  const known = isLogLevel(entry.level);
  return (
    <li className={`logs-row level-${known ? entry.level : 'unknown'}`} style={{ transform: `translateY(${top}px)` }}>
      <span className="mono muted logs-time">{formatTime(entry.time)}</span>
      <span
        className={`badge logs-level level-badge-${known ? entry.level : 'unknown'}`}
        title={known ? undefined : 'Not one of the spec’s eight levels'}
      >
        <ServerText text={entry.level} />
      </span>
      {entry.logger !== undefined && (
        <span className="mono logs-logger">
          <ServerText text={entry.logger} />
        </span>
      )}
      <button
        type="button"
        className={`logs-data${typeof entry.data === 'string' ? '' : ' mono'}`}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(entry.seq)}
      >
        <ServerText text={oneLine(entry.data, ROW_CHARS)} />
      </button>
    </li>
  );
});

function LogEntryDetail({ entry, onClose }: { entry: ServerLogEntry; onClose(): void }) {
  return (
    <section className="logs-detail" role="region" aria-label="Log message">
      <header className="logs-detail-head">
        <span className="mono muted">{formatTime(entry.time)}</span>
        <span className="badge">
          <ServerText text={entry.level} />
        </span>
        {entry.logger !== undefined && (
          <span className="mono logs-logger">
            <ServerText text={entry.logger} />
          </span>
        )}
        <button type="button" className="button button-small logs-detail-close" onClick={onClose}>
          Close
        </button>
      </header>
      <pre className="code-block">
        <ServerText text={typeof entry.data === 'string' ? entry.data : prettyJson(entry.data)} />
      </pre>
    </section>
  );
}
