import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { preloadOnIntent } from '../common/lazy-view.tsx';
import type { FeatureTab } from './feature-tab.ts';

interface Props {
  /** The tabs that did not fit the row, with their places in the feature list. */
  entries: ReadonlyArray<{ index: number; feature: FeatureTab }>;
  /** Shows the feature and moves focus to its tab (now in the row). */
  choose(index: number): void;
}

const itemsOf = (menu: HTMLElement | null) => [...(menu?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];

/**
 * The WAI-ARIA menu button for the feature tabs that did not fit the row. Enter, Space or ↓ opens it on the
 * first item and ↑ on the last; ↑ ↓ Home End and a first letter move in it; Escape closes it and gives focus
 * back to the button; Tab, a click elsewhere or choosing an item closes it.
 */
export function MoreTabsMenu({ entries, choose }: Props) {
  const [open, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  // Which item takes focus once the menu is on the page: the last when ↑ opened it, else the first.
  const focusOnOpen = useRef<'first' | 'last'>('first');

  const items = () => itemsOf(menu.current);
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const found = itemsOf(menu.current);
    const target = focusOnOpen.current === 'last' ? found.at(-1) : found[0];
    target?.focus();
    focusOnOpen.current = 'first';
    // A press anywhere but the menu and its button closes it, leaving focus where the press put it.
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const openAt = (where: 'first' | 'last') => {
    if (open) {
      const found = items();
      (where === 'last' ? found.at(-1) : found[0])?.focus();
      return;
    }
    focusOnOpen.current = where;
    setOpen(true);
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowUp' ? 'last' : 'first');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const found = items();
    const at = found.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => found[(index + found.length) % found.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(found.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      // Focus moves on by itself, from the button's place in the Tab order.
      setOpen(false);
      return;
    } else if (event.key.length === 1 && /\S/.test(event.key)) {
      // A first letter goes to the next item that starts with it.
      const letter = event.key.toLowerCase();
      const after = [...found.slice(at + 1), ...found.slice(0, at + 1)];
      after.find((item) => item.textContent?.trim().toLowerCase().startsWith(letter))?.focus();
    } else return;
    event.preventDefault();
    event.stopPropagation();
  };

  return (
    <div className="more-tabs">
      <button
        ref={button}
        id={buttonId}
        type="button"
        className="tab more-tabs-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="More tabs"
        onClick={() => (open ? close(false) : openAt('first'))}
        onKeyDown={onButtonKeyDown}
      >
        More <span aria-hidden="true">▾</span>
      </button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className="more-tabs-menu"
          onKeyDown={onMenuKeyDown}
          onBlur={(event) => {
            // Focus leaving the menu (not to its own button, whose click toggles) closes it.
            const next = event.relatedTarget as Node | null;
            if (next && !menu.current?.contains(next) && next !== button.current) setOpen(false);
          }}
        >
          {entries.map(({ index, feature }) => (
            <button
              key={feature.name}
              type="button"
              role="menuitem"
              tabIndex={-1}
              className="more-tabs-item"
              onClick={() => {
                setOpen(false);
                choose(index);
              }}
              {...preloadOnIntent(feature.preload)}
            >
              {feature.name}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
