import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (⌘+Enter on a Mac) submits the form the key was pressed in, as Run tool or Get prompt would, and
 * as the re-send editor does. Nothing happens while the form's submit button is disabled (running, read-only).
 */
export function submitOnModEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const form = (event.target as HTMLElement).closest('form');
  const submit = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !submit || submit.disabled) return;
  event.preventDefault();
  form.requestSubmit(submit);
}
