// @vitest-environment happy-dom
import { act, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { withTestRoot } from './test-root.ts';
import { lazyView } from './lazy-view.tsx';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('lazyView', () => {
  const dom = withTestRoot();

  const render = (View: (props: { name: string }) => React.ReactElement) =>
    dom.root.render(
      <Suspense fallback={<p>Loading…</p>}>
        <View name="Ada" />
      </Suspense>,
    );

  it('renders a preloaded view in its first render, with no fallback', async () => {
    const view = lazyView(() => Promise.resolve({ default: Greeting }));
    await view.preload();
    // Synchronously: the commit of this one render already holds the view.
    act(() => render(view.View));
    expect(dom.container.textContent).toBe('Hello Ada');
  });

  it('shows the fallback while the chunk loads, then the view with its props', async () => {
    let finish!: () => void;
    const loaded = new Promise<void>((resolve) => (finish = resolve));
    const view = lazyView(async () => {
      await loaded;
      return { default: Greeting };
    });
    act(() => render(view.View));
    expect(dom.container.textContent).toBe('Loading…');
    await act(async () => {
      finish();
      await view.preload();
    });
    expect(dom.container.textContent).toBe('Hello Ada');
  });

  it('loads once however often it is preloaded, and tries again after a failed load', async () => {
    let calls = 0;
    const view = lazyView(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: Greeting };
    });
    await expect(view.preload()).rejects.toThrow('Failed to fetch');
    await Promise.all([view.preload(), view.preload()]);
    expect(calls).toBe(2);
    act(() => render(view.View));
    expect(dom.container.textContent).toBe('Hello Ada');
  });
});
