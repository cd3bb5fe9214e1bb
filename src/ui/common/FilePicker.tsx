/**
 * The file input behind an "Open…" button (the button calls `ref.current?.click()`). It hands over the one
 * file chosen and forgets it, so choosing the same file again opens it again.
 */
import type { Ref } from 'react';

interface FilePickerProps {
  ref: Ref<HTMLInputElement>;
  accept: string;
  /** Its accessible name; without one it is hidden from assistive technology too (the palette's, opened by a command). */
  label?: string;
  onFile: (file: File) => void;
}

export function FilePicker({ ref, accept, label, onFile }: FilePickerProps) {
  return (
    <input
      ref={ref}
      type="file"
      accept={accept}
      tabIndex={-1}
      {...(label === undefined ? { hidden: true, 'aria-hidden': true } : { className: 'visually-hidden', 'aria-label': label })}
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
