import type { Tool } from './model.ts';

/**
 * Whether a call should be confirmed first. The spec's defaults apply when hints are absent: readOnlyHint
 * false, destructiveHint true — so a tool that says nothing is treated as possibly destructive. The Tools
 * tab and the Playground ask by this one rule.
 */
export function mayBeDestructive(tool: Pick<Tool, 'annotations'>): boolean {
  const hints = tool.annotations ?? {};
  if (hints.readOnlyHint === true) return false;
  return hints.destructiveHint !== false;
}
