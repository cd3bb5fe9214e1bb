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

/** A native modal <dialog>, open for as long as it is mounted: focus is trapped and the page behind is inert. */
export function ModalDialog({ className, labelledBy, label, onCancel, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
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
