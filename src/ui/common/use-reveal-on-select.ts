import { useEffect, useRef } from 'react';

/**
 * On a narrow screen the detail pane sits below the list: when a new item is chosen, bring the pane into
 * view if it starts in the lower quarter of the window or below.
 */
export function useRevealOnSelect<T extends HTMLElement>(selected: unknown) {
  const pane = useRef<T>(null);
  useEffect(() => {
    const element = pane.current;
    if (selected === null || selected === undefined || !element) return;
    if (element.getBoundingClientRect().top > window.innerHeight * 0.75) element.scrollIntoView({ block: 'start' });
  }, [selected]);
  return pane;
}
