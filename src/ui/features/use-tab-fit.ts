import { useLayoutEffect, useRef, useState } from 'react';
import { fitTabs, type TabFit } from './fit-tabs.ts';

interface Sizes {
  widths: readonly number[];
  available: number;
  more: number;
}

/**
 * Measures the feature tab bar and its tabs' natural widths (from a hidden row of their labels, `measure`,
 * whose last child is the "More" button's label) and says which tabs fit its one row. Measured before the
 * first paint and again whenever the bar or the labels change size (a pane resized, a font come in).
 */
export function useTabFit(labels: readonly string[], active: number) {
  const bar = useRef<HTMLDivElement>(null);
  const measure = useRef<HTMLDivElement>(null);
  const [sizes, setSizes] = useState<Sizes | null>(null);
  const key = labels.join('\n');

  useLayoutEffect(() => {
    const barElement = bar.current;
    const measureElement = measure.current;
    if (!barElement || !measureElement) return;
    const read = () => {
      const style = getComputedStyle(barElement);
      const available = barElement.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const widths = [...measureElement.children].map((child) => child.getBoundingClientRect().width);
      const more = widths.pop() ?? 0;
      setSizes((last) => (last && sameSizes(last, { widths, available, more }) ? last : { widths, available, more }));
    };
    read();
    // A test DOM has no ResizeObserver; there every tab is shown.
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(barElement);
    observer.observe(measureElement);
    return () => observer.disconnect();
  }, [key]);

  // Sizes of another set of tabs (a saved session opened) are not these: every tab until measured again.
  const fit: TabFit =
    sizes && sizes.widths.length === labels.length
      ? fitTabs(sizes.widths, sizes.available, sizes.more, active)
      : { shown: labels.map((_, index) => index), overflow: [] };
  return { bar, measure, fit };
}

const sameSizes = (a: Sizes, b: Sizes) =>
  a.available === b.available && a.more === b.more && a.widths.length === b.widths.length && a.widths.every((w, i) => w === b.widths[i]);
