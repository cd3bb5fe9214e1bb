// @vitest-environment happy-dom
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { withTestRoot } from './test-root.ts';
import { FilterToggles, useFilterSet } from './FilterToggles.tsx';

const KINDS = ['pass', 'fail', 'warning'] as const;
type Kind = (typeof KINDS)[number];
const ROWS: Kind[] = ['pass', 'fail', 'pass', 'warning'];

/** A list filtered by the shared toggles, as the Audit and Contract tabs use them. */
function FilteredList() {
  const { shown, toggle, keeps } = useFilterSet<Kind>();
  return (
    <>
      <FilterToggles label="Show verdicts" values={KINDS} shown={shown} onToggle={toggle}>
        {(kind) => `${kind} ${ROWS.filter((row) => row === kind).length}`}
      </FilterToggles>
      <ul>{ROWS.map((row, index) => (keeps(row) ? <li key={index}>{row}</li> : null))}</ul>
    </>
  );
}

describe('FilterToggles and useFilterSet (the Audit and Contract tabs’ filters)', () => {
  const dom = withTestRoot();
  beforeEach(() => act(() => dom.root.render(<FilteredList />)));

  const buttons = () => [...dom.container.querySelectorAll<HTMLButtonElement>('[role="group"] button')];
  const items = () => [...dom.container.querySelectorAll('li')].map((item) => item.textContent);
  const press = (label: string) =>
    act(() =>
      buttons()
        .find((button) => button.textContent === label)!
        .click(),
    );

  it('is a named group of toggle buttons, none pressed, and the list shows every row', () => {
    expect(dom.container.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Show verdicts');
    expect(buttons().map((button) => [button.textContent, button.getAttribute('aria-pressed')])).toEqual([
      ['pass 2', 'false'],
      ['fail 1', 'false'],
      ['warning 1', 'false'],
    ]);
    expect(items()).toEqual(ROWS);
  });

  it('shows the rows of the pressed classes, several at once, and all again when none is pressed', () => {
    press('fail 1');
    expect(items()).toEqual(['fail']);
    press('warning 1');
    expect(items()).toEqual(['fail', 'warning']);
    expect(buttons().map((button) => button.getAttribute('aria-pressed'))).toEqual(['false', 'true', 'true']);
    press('fail 1');
    press('warning 1');
    expect(items()).toEqual(ROWS);
  });
});
