// @vitest-environment happy-dom
import { act, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withTestRoot } from './test-root.ts';
import { PanelBoundary } from './PanelBoundary.tsx';

/** A view that meets a value it did not expect, until `repaired`. */
let repaired = false;
function FragileView({ value }: { value: unknown }) {
  if (!repaired) return <p>{(value as { name: { toUpperCase(): string } }).name.toUpperCase()}</p>;
  return <p>Shown after all</p>;
}

/** A neighbour with state of its own, to show it keeps working (and keeps its state) beside the failed panel. */
function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Clicked {count}
    </button>
  );
}

describe('PanelBoundary', () => {
  const dom = withTestRoot();
  beforeEach(() => {
    // React reports the caught error on the console; the alert is what a person sees.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    repaired = false;
  });
  afterEach(() => vi.restoreAllMocks());

  const render = () =>
    act(() =>
      dom.root.render(
        <>
          <PanelBoundary name="The Tools tab">
            <FragileView value={{ name: 42 }} />
          </PanelBoundary>
          <PanelBoundary name="The message log">
            <Counter />
          </PanelBoundary>
        </>,
      ),
    );

  it('shows the failed panel’s message and keeps its neighbours working', () => {
    render();
    const alerts = dom.container.querySelectorAll('[role="alert"]');
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.textContent).toMatch(/^The Tools tab could not be shown: .*toUpperCase.*\. The rest of MCP Lens still works\./);

    const counter = [...dom.container.querySelectorAll('button')].find((button) => button.textContent?.startsWith('Clicked'))!;
    act(() => counter.click());
    act(() => counter.click());
    expect(counter.textContent).toBe('Clicked 2');
    expect(dom.container.querySelectorAll('[role="alert"]')).toHaveLength(1);
  });

  it('Try again renders the panel afresh', () => {
    render();
    repaired = true;
    const retry = [...dom.container.querySelectorAll('button')].find((button) => button.textContent === 'Try again')!;
    act(() => retry.click());
    expect(dom.container.querySelector('[role="alert"]')).toBeNull();
    expect(dom.container.textContent).toContain('Shown after all');
    expect(dom.container.textContent).toContain('Clicked 0');
  });
});
