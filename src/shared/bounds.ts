/**
 * Bounds a JSON value before it crosses the worker boundary or enters the log: depth, string length and
 * node count. What is cut is replaced by a visible marker, never dropped silently.
 */
import { ownEntries } from './own.ts';

export interface JsonBounds {
  /** @default 64 */
  maxDepth: number;
  /** @default 262144 */
  maxStringLength: number;
  /** @default 100000 */
  maxNodes: number;
}

const DEFAULT_JSON_BOUNDS: JsonBounds = { maxDepth: 64, maxStringLength: 256 * 1024, maxNodes: 100_000 };

/**
 * For a result the user asked for (a tool call's content): big enough for a 10 MB text, JSON or base64 image
 * to arrive whole. The log's copy of the same message keeps the default bounds.
 */
export const RESULT_JSON_BOUNDS: JsonBounds = { maxDepth: 64, maxStringLength: 32 * 1024 * 1024, maxNodes: 1_000_000 };

/** The markers boundJson leaves where it cut: a value holding one is not the value that was sent. */
export const CUT_MARK = /…\[truncated \d+ chars\]|\[…node limit reached\]|\[…nested deeper than \d+ levels\]/;

export function boundJson(value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): unknown {
  let nodes = 0;
  const visit = (node: unknown, depth: number): unknown => {
    nodes += 1;
    if (nodes > bounds.maxNodes) return '[…node limit reached]';
    if (typeof node === 'string') {
      return node.length > bounds.maxStringLength
        ? `${node.slice(0, bounds.maxStringLength)}…[truncated ${node.length - bounds.maxStringLength} chars]`
        : node;
    }
    if (node === null || typeof node !== 'object') return node;
    if (depth >= bounds.maxDepth) return `[…nested deeper than ${bounds.maxDepth} levels]`;
    // Past the node limit, one marker stands for the rest: a 300,000-item array must not become 300,000 markers.
    if (Array.isArray(node)) {
      const copy: unknown[] = [];
      for (const item of node) {
        if (nodes >= bounds.maxNodes) {
          copy.push(`[…node limit reached] (${node.length - copy.length} more items)`);
          break;
        }
        copy.push(visit(item, depth + 1));
      }
      return copy;
    }
    const kept: Array<[string, unknown]> = [];
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      if (nodes >= bounds.maxNodes) {
        kept.push(['…', '[…node limit reached] (more keys)']);
        break;
      }
      kept.push([key, visit((node as Record<string, unknown>)[key], depth + 1)]);
    }
    // ownEntries: a key `__proto__` stays a property of the copy instead of replacing its prototype.
    return ownEntries(kept);
  };
  return visit(value, 0);
}

/**
 * `value` itself when nothing in it is past the bounds and it holds only plain JSON-shaped objects, otherwise
 * `boundJson`'s cut copy. For a value the caller owns and never changes (one it parsed itself): the log
 * records every message, and a copy of each costs more than the check.
 */
export function withinJsonBounds(value: unknown, bounds: JsonBounds = DEFAULT_JSON_BOUNDS): unknown {
  return fitsBounds(value, bounds) ? value : boundJson(value, bounds);
}

function fitsBounds(value: unknown, bounds: JsonBounds): boolean {
  let nodes = 0;
  const fits = (node: unknown, depth: number): boolean => {
    nodes += 1;
    if (nodes > bounds.maxNodes) return false;
    if (typeof node === 'string') return node.length <= bounds.maxStringLength;
    if (node === null || typeof node !== 'object') return true;
    if (depth >= bounds.maxDepth) return false;
    if (Array.isArray(node)) {
      for (const item of node) if (!fits(item, depth + 1)) return false;
      return true;
    }
    // What boundJson would turn into a plain object (a class instance, inherited keys) is left to it.
    const proto: unknown = Object.getPrototypeOf(node);
    if (proto !== Object.prototype && proto !== null) return false;
    for (const key in node) {
      if (!Object.hasOwn(node, key) || !fits((node as Record<string, unknown>)[key], depth + 1)) return false;
    }
    return true;
  };
  return fits(value, 0);
}
