import { useEffect, useRef, type ReactNode } from 'react';

interface Props {
  className: string;
  /** The id of the heading that names the dialog, or its name when it has no heading. */
  labelledBy?: string;
  label?: string;
  /** Escape: the caller says what it means ("Don't run", "Don't open", close). */
  onCancel(): void;
  children: ReactNode;
}

/** Marks the control that takes the focus when the dialog opens: the safe choice (`{...INITIAL_FOCUS}`). */
export const INITIAL_FOCUS = { 'data-initial-focus': '' } as const;

/**
 * A native modal <dialog>, open for as long as it is mounted: focus is trapped and the page behind is inert.
 * The focus starts on the control marked `INITIAL_FOCUS`. React's `autoFocus` cannot do it: React focuses the
 * element while the dialog is still closed (so nothing happens) and never writes the `autofocus` attribute,
 * so `showModal()` then focused the first button, which in a confirmation is the red one, and Enter ran it.
 */
export function ModalDialog({ className, labelledBy, label, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>('[data-initial-focus]')?.focus();
    }
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      className={className}
      aria-labelledby={labelledBy}
      aria-label={label}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>
  );
}
