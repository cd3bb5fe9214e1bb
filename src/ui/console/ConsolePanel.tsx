import { useDeferredValue, useLayoutEffect, useRef, useState } from 'react';
import type { ConsoleLine } from '../../state/index.ts';
import { formatCount, plural } from '../../shared/read.ts';
import { formatTime } from '../common/format.ts';
import { useStoreOf } from '../services.tsx';
import { RestartButton } from './RestartButton.tsx';
import './console.css';

/** Within this many pixels of the bottom, the console follows new lines; scrolled further up, it stays put. */
const FOLLOW_SLACK_PX = 24;

/**
 * The console of a stdio server behind the local relay: its stderr lines (masked by the engine) and the relay's
 * word on its starts and exits, monospace, newest at the bottom. It follows new lines unless scrolled up; a
 * filter narrows it, Copy copies what is shown, Restart starts the process again and connects.
 */
export function ConsolePanel() {
  const lines = useStoreOf('console', (state) => state.lines);
  const dropped = useStoreOf('console', (state) => state.dropped);
  const [filter, setFilter] = useState('');
  const query = useDeferredValue(filter.trim().toLowerCase());
  const shown = query === '' ? lines : lines.filter((line) => line.text.toLowerCase().includes(query));
  const scroller = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [shown]);

  const [copied, setCopied] = useState(false);
  const copy = () => {
    const text = shown.map((line) => `${new Date(line.time).toISOString()} ${line.text}`).join('\n');
    void navigator.clipboard?.writeText(text).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };

  return (
    <section role="region" aria-label="Console" className="panel console-panel">
      <header className="panel-header console-header">
        <h2 className="panel-title">Console</h2>
        <span className="muted" aria-live="off">
          {query === '' ? formatCount(lines.length) : `${formatCount(shown.length)}/${formatCount(lines.length)}`}
        </span>
        <input
          type="text"
          spellCheck={false}
          className="input input-small mono console-filter"
          aria-label="Filter console"
          placeholder="Filter"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
        />
        <button type="button" className="button button-small" onClick={copy} disabled={shown.length === 0}>
          {copied ? 'Copied' : 'Copy'}
        </button>
        <RestartButton />
      </header>
      <div
        className="console-scroller"
        ref={scroller}
        tabIndex={0}
        aria-label="Console lines"
        onScroll={(event) => {
          const box = event.currentTarget;
          following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK_PX;
        }}
      >
        {dropped > 0 && <p className="console-dropped">{plural(dropped, 'earlier line')} dropped</p>}
        {shown.length === 0 ? (
          <p className="empty-state">{lines.length === 0 ? 'Nothing on the server’s stderr yet.' : 'No line matches the filter.'}</p>
        ) : (
          <ol className="console-lines">
            {shown.map((line) => (
              <Line key={line.key} line={line} />
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

function Line({ line }: { line: ConsoleLine }) {
  return (
    <li className={`console-line is-${line.kind}`}>
      <span className="console-time">{formatTime(line.time)}</span>
      {/* Text, never markup: a server's stderr is untrusted. */}
      <span className="console-text">{line.text}</span>
    </li>
  );
}
