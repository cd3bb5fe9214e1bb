import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useCommands } from '../services.tsx';
import './palette.css';

// The dialog loads on the first Ctrl/⌘-K: the shortcut is all the first screen needs.
const PaletteDialog = lazy(() => import('./PaletteDialog.tsx'));

/**
 * Ctrl/⌘-K: every tab, listed tool, resource, template and prompt, and the app's commands, by keyboard.
 * The ARIA combobox pattern (a text box controlling a listbox through aria-activedescendant) in a modal
 * dialog; Escape closes it and focus goes back where it was.
 */
export function CommandPalette() {
  const [open, setOpen] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const { openSession } = useCommands();
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      setOpen(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <>
      {open && (
        <Suspense fallback={null}>
          <PaletteDialog onClose={() => setOpen(false)} openFile={() => fileInput.current?.click()} />
        </Suspense>
      )}
      <input
        ref={fileInput}
        type="file"
        accept=".json,application/json"
        hidden
        aria-hidden="true"
        tabIndex={-1}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void openSession(file);
        }}
      />
    </>
  );
}
