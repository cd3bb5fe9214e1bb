import { useState, type ReactNode } from 'react';

/** A <details> whose content is built only once it is opened: a closed "Raw result" of 10 MB costs nothing. */
export function LazyDetails({ summary, className, children }: { summary: ReactNode; className?: string; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className={className} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
