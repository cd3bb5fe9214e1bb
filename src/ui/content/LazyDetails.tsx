import { useState, type ReactNode } from 'react';

/** A <details> whose content is built only once it is opened: a closed "Raw result" of 10 MB costs nothing. */
export function LazyDetails({ summary, children }: { summary: ReactNode; children: () => ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && children()}
    </details>
  );
}
