import { useState, type ReactNode } from 'react';

/**
 * The classes a list is filtered to (the audit's verdicts, a contract's severities) and the toggle of one.
 * None picked shows every class, so the list is never empty by default.
 */
export function useFilterSet<T>(): { shown: ReadonlySet<T>; toggle(value: T): void; keeps(value: T): boolean } {
  const [shown, setShown] = useState<ReadonlySet<T>>(() => new Set());
  const toggle = (value: T) =>
    setShown((current) => {
      const next = new Set(current);
      if (!next.delete(value)) next.add(value);
      return next;
    });
  return { shown, toggle, keeps: (value) => shown.size === 0 || shown.has(value) };
}

interface Props<T extends string> {
  /** The group's accessible name (e2e/names.ts): "Show verdicts", "Show changes". */
  label: string;
  values: readonly T[];
  shown: ReadonlySet<T>;
  onToggle(value: T): void;
  /** A value's face: its badge and its count. */
  children(value: T): ReactNode;
}

/** One toggle button per class, pressed while the list is filtered to it; several can be pressed at once. */
export function FilterToggles<T extends string>({ label, values, shown, onToggle, children }: Props<T>) {
  return (
    <div role="group" aria-label={label} className="filter-toggles">
      {values.map((value) => (
        <button key={value} type="button" className="button button-small" aria-pressed={shown.has(value)} onClick={() => onToggle(value)}>
          {children(value)}
        </button>
      ))}
    </div>
  );
}
