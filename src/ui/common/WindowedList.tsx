import { useRef, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useFixedRows } from './use-fixed-rows.ts';
import './windowed-list.css';

/** Lists this long or shorter render every row (find-in-page sees them all); longer ones render a window. */
const RENDER_ALL_UP_TO = 100;

/** What each row's `<li>` must carry: its place in the list, for layout and for assistive technology. */
export interface RowProps {
  style: CSSProperties;
  'data-index': number;
  'aria-posinset': number;
  'aria-setsize': number;
}

interface Props {
  /** The list's accessible name (e.g. "Tools"). */
  label: string;
  count: number;
  /** Every row is this tall (CSS clips longer content), so the visible range is arithmetic on scrollTop. */
  rowHeight: number;
  /** Renders row `index` as an `<li {...props}>`; its name button has the class `item-name`. */
  renderRow: (index: number, props: RowProps) => ReactNode;
  className?: string;
}

/**
 * The item lists of the Tools, Resources and Prompts tabs, windowed the way the message log is
 * (useFixedRows): 10,000 tools cost as much to show as the 20 on screen. The list scrolls on its own.
 * Arrow keys, Page Up/Down, Home and End move focus between the rows' name buttons, scrolling rows that are
 * not rendered yet into view first.
 */
export function WindowedList({ label, count, rowHeight, renderRow, className = '' }: Props) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = useFixedRows(scroller, count, rowHeight, count <= RENDER_ALL_UP_TO ? count : 10, false);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-index]');
    if (!row || count === 0) return;
    const current = Number(row.dataset.index);
    const page = Math.max(1, Math.floor((scroller.current?.clientHeight ?? rowHeight * 5) / rowHeight) - 1);
    const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: page, PageUp: -page };
    const next = event.key === 'Home' ? 0 : event.key === 'End' ? count - 1 : event.key in steps ? current + steps[event.key]! : null;
    if (next === null) return;
    event.preventDefault();
    const target = Math.min(count - 1, Math.max(0, next));
    rows.scrollToIndex(target);
    // The row may only be rendered after the scroll; focus it then.
    requestAnimationFrame(() => scroller.current?.querySelector<HTMLElement>(`[data-index="${target}"] .item-name`)?.focus());
  };

  return (
    <div className="windowed-list-scroller" ref={scroller} onScroll={rows.onScroll}>
      <ul className={`item-list windowed-list ${className}`} aria-label={label} style={{ height: rows.totalHeight }} onKeyDown={onKeyDown}>
        {Array.from({ length: Math.max(0, rows.end - rows.start) }, (_, offset) => {
          const index = rows.start + offset;
          return renderRow(index, {
            style: { top: index * rowHeight, height: rowHeight },
            'data-index': index,
            'aria-posinset': index + 1,
            'aria-setsize': count,
          });
        })}
      </ul>
    </div>
  );
}
