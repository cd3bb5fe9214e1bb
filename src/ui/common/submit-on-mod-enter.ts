import type { KeyboardEvent } from 'react';

/**
 * Ctrl+Enter (⌘+Enter on a Mac) submits the form the key was pressed in, as Run tool or Get prompt would, and
 * as the re-send editor does. Nothing happens while the form's submit button is disabled (running, read-only).
 */
export function submitOnModEnter(event: KeyboardEvent<HTMLElement>): void {
  if (!isModEnter(event)) return;
  submit(event, (event.target as HTMLElement).closest('form'));
}

/** The container whose form `submitSelectedOnModEnter` submits: the selected item's run form. */
export const MOD_ENTER_FORM = 'data-mod-enter-form';

/**
 * The same key from anywhere in a list-and-detail view (the list, its search box), as Postman's and GraphiQL's
 * run key works wherever the focus is: it submits the selected item's form, so picking a tool with the arrow
 * keys and pressing Ctrl+Enter runs it.
 */
export function submitSelectedOnModEnter(event: KeyboardEvent<HTMLElement>): void {
  if (event.defaultPrevented || !isModEnter(event)) return;
  submit(event, event.currentTarget.querySelector<HTMLFormElement>(`[${MOD_ENTER_FORM}] form, form[${MOD_ENTER_FORM}]`));
}

const isModEnter = (event: KeyboardEvent<HTMLElement>) =>
  event.key === 'Enter' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;

function submit(event: KeyboardEvent<HTMLElement>, form: HTMLFormElement | null): void {
  const button = form?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!form || !button || button.disabled) return;
  event.preventDefault();
  form.requestSubmit(button);
}
