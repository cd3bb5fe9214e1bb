/**
 * JSON text of a value, written a slice at a time with the page free in between. `JSON.stringify` and
 * `postMessage` both copy a whole schema in one task: 99,000 enum values hold the page for tens of
 * milliseconds, more on a loaded machine. This gives the same text (for JSON values) in tasks of a few ms.
 */
class Text {
  constructor(readonly text: string) {}
}

const COMMA = new Text(',');
const CHECK_EVERY = 512;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export async function jsonInSlices(value: unknown, sliceMs = 6, yieldToPage: () => Promise<void> = nextTask): Promise<string> {
  const parts: string[] = [];
  const stack: unknown[] = [value];
  let sliceStarted = performance.now();
  let steps = 0;
  while (stack.length > 0) {
    if (++steps % CHECK_EVERY === 0 && performance.now() - sliceStarted > sliceMs) {
      await yieldToPage();
      sliceStarted = performance.now();
    }
    const item = stack.pop();
    if (item instanceof Text) parts.push(item.text);
    else if (Array.isArray(item)) {
      parts.push('[');
      stack.push(new Text(']'));
      for (let index = item.length - 1; index >= 0; index -= 1) {
        // As JSON.stringify: what JSON cannot hold is null inside an array.
        const element: unknown = item[index];
        stack.push(element === undefined || typeof element === 'function' ? null : element);
        if (index > 0) stack.push(COMMA);
      }
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item).filter(([, child]) => child !== undefined && typeof child !== 'function');
      parts.push('{');
      stack.push(new Text('}'));
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index]!;
        stack.push(child, new Text(`${JSON.stringify(key)}:`));
        if (index > 0) stack.push(COMMA);
      }
    } else parts.push(JSON.stringify(item) ?? 'null');
  }
  return parts.join('');
}
