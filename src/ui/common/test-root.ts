/**
 * For component tests under happy-dom: a React root in a fresh container for each test of the `describe` block
 * that calls it, unmounted and removed after. React's `act` warns unless IS_REACT_ACT_ENVIRONMENT is set.
 */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach } from 'vitest';

export interface TestRoot {
  readonly root: Root;
  readonly container: HTMLElement;
}

export function withTestRoot(): TestRoot {
  let current: TestRoot | undefined;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    const container = document.createElement('div');
    document.body.append(container);
    current = { container, root: createRoot(container) };
  });
  afterEach(() => {
    const ending = current;
    current = undefined;
    if (!ending) return;
    act(() => ending.root.unmount());
    ending.container.remove();
  });
  const mounted = (): TestRoot => {
    if (!current) throw new Error('withTestRoot: no root outside a test');
    return current;
  };
  return {
    get root() {
      return mounted().root;
    },
    get container() {
      return mounted().container;
    },
  };
}
