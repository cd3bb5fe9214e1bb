/**
 * After a palette choice, focus goes where the choice leads: the tab, the tool's first field, the saved
 * call's Run button. The place may appear a few frames later (a tab mounts, a list selects), so it is
 * looked for once per frame for a bounded time; until then, and if it never appears, focus is where it
 * was before the palette opened, never on <body>. If the person moves focus meanwhile, the search stops.
 */
import type { FocusTarget } from '../../app/palette/palette-command.ts';

/** Connecting can take a while before the tabs fill; after this, the place is not coming. */
const LOOK_FOR_MS = 15_000;
/** A detail's form loads in a chunk of its own: its heading stands in for the first field only after this long. */
const FIELD_GRACE_MS = 2_000;

export function focusTarget(target: FocusTarget, before: HTMLElement | null): void {
  before?.focus();
  if (target.kind === 'return') return;
  const started = performance.now();
  // Focus is still where we left it (or nowhere, or on the palette going away); anything else is the person's own move.
  const untouched = () => {
    const now = document.activeElement;
    return now === null || now === document.body || now === before || !now.isConnected || now.closest('dialog') !== null;
  };
  const look = () => {
    // The person went on without us: do not pull focus back.
    if (!untouched()) return;
    const found = find(target, performance.now() - started > FIELD_GRACE_MS);
    if (found) {
      found.focus();
      return;
    }
    if (performance.now() - started < LOOK_FOR_MS) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

const visible = (element: Element): element is HTMLElement =>
  element instanceof HTMLElement && (element.checkVisibility?.() ?? element.offsetParent !== null);

const textOf = (element: Element) => element.textContent?.trim() ?? '';

/** The accessible name as this app writes it: aria-label, else aria-labelledby, else the text. */
function nameOf(element: HTMLElement): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label;
  const by = element.getAttribute('aria-labelledby');
  if (by !== null)
    return by
      .split(/\s+/)
      .map((id) => textOf(document.getElementById(id) ?? element))
      .join(' ');
  if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
    return [...(element.labels ?? [])].map(textOf).join(' ');
  return textOf(element);
}

function find(target: Exclude<FocusTarget, { kind: 'return' }>, headingWillDo: boolean): HTMLElement | undefined {
  const all = (selector: string) => [...document.querySelectorAll(selector)].filter(visible);
  switch (target.kind) {
    case 'tabs':
      return all('[role="tab"][aria-selected="true"]')[0];
    case 'tab':
      return all('[role="tab"]').find((tab) => textOf(tab) === target.name && tab.getAttribute('aria-selected') === 'true');
    case 'log': {
      const log = all('[role="region"][aria-label="Message log"]')[0];
      const list = log?.querySelector<HTMLElement>('.log-list');
      // An empty log has no list yet: its filter box is the way in.
      if (!list) return log?.querySelector<HTMLElement>('.log-filter') ?? undefined;
      return list.querySelector<HTMLElement>('.log-row-button[tabindex="0"]') ?? (list.tabIndex === 0 ? list : undefined);
    }
    case 'control':
      return all(target.role === 'button' ? 'button' : 'input, textarea').find(
        (element) => nameOf(element) === target.name && !(element as HTMLButtonElement).disabled,
      );
    case 'detail': {
      const detail = all('section[aria-labelledby]').find((section) =>
        [...section.querySelectorAll('h2, h3, h4, .mono')].some((heading) => textOf(heading) === target.title),
      );
      if (!detail) return undefined;
      const field = [...detail.querySelectorAll('input, textarea, select, button[type="submit"]')].find(
        (element) => visible(element) && !(element as HTMLInputElement).disabled,
      );
      if (field) return field as HTMLElement;
      if (!headingWillDo) return undefined;
      const heading = detail.querySelector<HTMLElement>('h2, h3, h4');
      heading?.setAttribute('tabindex', '-1');
      return heading ?? undefined;
    }
  }
}
