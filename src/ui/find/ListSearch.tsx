import { useEffect, useId, useRef } from 'react';
import './find.css';

interface Props {
  /** What is searched, for the box's accessible name: "Search tools". */
  label: string;
  value: string;
  onChange(value: string): void;
  shown: number;
  total: number;
  /** Enter picks the first match and opens it; ↓ goes to it in the list. Lists without it keep the keys. */
  onPickFirst?(how: 'open' | 'list'): void;
}

/**
 * The search box above a list, with how many items match. `/` focuses it when no field has focus and its
 * panel is the one showing (hidden tab panels are skipped), and Escape clears it.
 */
export function ListSearch({ label, value, onChange, shown, total, onPickFirst }: Props) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const element = input.current;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || !element || isTyping(event.target)) return;
      if (element.closest('[hidden]')) return;
      event.preventDefault();
      element.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div className="list-search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        className="input input-small"
        type="search"
        placeholder={`${label}  ( / )`}
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value !== '') {
            event.stopPropagation();
            onChange('');
          }
          if ((event.key === 'Enter' || event.key === 'ArrowDown') && onPickFirst && shown > 0 && !event.shiftKey) {
            event.preventDefault();
            onPickFirst(event.key === 'Enter' ? 'open' : 'list');
          }
        }}
      />
      {value.trim() !== '' && (
        <span className="muted list-search-count" role="status">
          {shown} of {total}
        </span>
      )}
    </div>
  );
}

/** A keystroke meant for a text field, not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}
