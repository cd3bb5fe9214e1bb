/**
 * Which key presses step a demo script: →, PageDown or Space, with no modifier, when the focus is not on
 * something that uses that key itself (a text field, a select, the tabs' arrow keys, a button's Space).
 */
const SCRIPT_KEYS = ['ArrowRight', 'PageDown', ' '] as const;

/** The parts of a KeyboardEvent this looks at, so it can be tested without a DOM. */
interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
  target: { tagName?: string; isContentEditable?: boolean; getAttribute?(name: string): string | null } | null;
}

const TYPING = new Set(['INPUT', 'TEXTAREA', 'SELECT']);
const ARROW_WIDGETS = new Set(['tab', 'tablist', 'listbox', 'option', 'combobox', 'slider', 'menu', 'menuitem', 'radio', 'grid', 'tree']);
const SPACE_PRESSES = new Set(['BUTTON', 'A', 'SUMMARY']);

export function stepsScript(press: KeyPress): boolean {
  if (press.defaultPrevented || press.altKey || press.ctrlKey || press.metaKey || press.shiftKey) return false;
  if (!(SCRIPT_KEYS as readonly string[]).includes(press.key)) return false;
  const target = press.target;
  const tag = target?.tagName?.toUpperCase() ?? '';
  if (TYPING.has(tag) || target?.isContentEditable) return false;
  if (ARROW_WIDGETS.has(target?.getAttribute?.('role') ?? '')) return false;
  return !(press.key === ' ' && SPACE_PRESSES.has(tag));
}
