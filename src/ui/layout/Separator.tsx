import { useRef, type KeyboardEvent, type PointerEvent, type RefObject } from 'react';
import { clampShare, DEFAULT_LAYOUT, SHARE_BOUNDS, type LayoutShare } from '../../state/index.ts';
import { useStoreOf } from '../services.tsx';
import './layout.css';

/** One arrow-key press moves a separator this share of its container; with Shift, five times as far. */
const STEP = 0.02;

interface SeparatorProps {
  /** Which remembered share this separator sets. */
  share: LayoutShare;
  /** The box whose width (vertical) or height (horizontal) is 100%. */
  container: RefObject<HTMLElement | null>;
  /** A vertical line splits left from right; a horizontal one, top from bottom. */
  orientation: 'vertical' | 'horizontal';
  /** The share is the second pane's (right or below), so dragging toward it shrinks it. */
  second?: boolean;
  label: string;
  controls?: string;
}

/**
 * The WAI-ARIA window splitter: drag it with a pointer, or focus it and use the arrow keys (Home and End
 * for the bounds). The size lands in the preferences, so it is the same after a reload.
 */
export function Separator({ share, container, orientation, second = false, label, controls }: SeparatorProps) {
  const value = useStoreOf('prefs', (state) => state.layout[share]);
  const { setLayout } = useStoreOf('prefs', (state) => state.actions);
  const dragging = useRef(false);
  const set = (next: number) => setLayout({ [share]: clampShare(share, next) });

  const shareAt = (event: PointerEvent<HTMLDivElement>): number | undefined => {
    const box = container.current?.getBoundingClientRect();
    if (!box) return undefined;
    const along = orientation === 'vertical' ? (event.clientX - box.left) / box.width : (event.clientY - box.top) / box.height;
    return second ? 1 - along : along;
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus();
    dragging.current = true;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const next = shareAt(event);
    if (next !== undefined) set(next);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    dragging.current = false;
    if (event.currentTarget.hasPointerCapture(event.pointerId)) event.currentTarget.releasePointerCapture(event.pointerId);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const forward = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    const back = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    const step = event.shiftKey ? STEP * 5 : STEP;
    // Arrows move the line; the share grows or shrinks depending on which side of it the pane is.
    const toward = event.key === forward ? 1 : event.key === back ? -1 : 0;
    let next: number | undefined;
    if (toward !== 0) next = value + (second ? -toward : toward) * step;
    else if (event.key === 'Home') next = SHARE_BOUNDS[share].min;
    else if (event.key === 'End') next = SHARE_BOUNDS[share].max;
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  return (
    <div
      role="separator"
      tabIndex={0}
      className={`separator separator-${orientation}`}
      aria-orientation={orientation}
      aria-label={label}
      aria-controls={controls}
      aria-valuenow={Math.round(value * 100)}
      aria-valuemin={Math.round(SHARE_BOUNDS[share].min * 100)}
      aria-valuemax={Math.round(SHARE_BOUNDS[share].max * 100)}
      aria-valuetext={`${Math.round(value * 100)}%`}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onDoubleClick={() => set(DEFAULT_LAYOUT[share])}
    />
  );
}
