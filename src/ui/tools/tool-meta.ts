import type { Tool } from '../../shared/model.ts';
import { str } from '../../shared/read.ts';

/** A title that is blank is no title: the next one in line is shown instead. */
const title = (value: unknown): string | undefined => (str(value)?.trim() ? str(value) : undefined);

/** The spec's display precedence: `title`, then `annotations.title`, then `name`. */
export function displayTitle(tool: Tool): string {
  return title(tool.title) ?? title(tool.annotations?.title) ?? String(tool.name);
}

export interface HintBadge {
  label: string;
  tone: 'neutral' | 'safe' | 'danger';
  description: string;
}

const UNTRUSTED = 'A hint from the server, not a guarantee.';

/** Badges for the behaviour hints a tool declares. Only hints the server set explicitly are shown. */
export function hintBadges(tool: Tool): HintBadge[] {
  const hints = tool.annotations ?? {};
  const badges: HintBadge[] = [];
  if (hints.readOnlyHint === true)
    badges.push({ label: 'read-only', tone: 'safe', description: `Does not modify its environment. ${UNTRUSTED}` });
  // Both, when a tool claims both: it is confirmed as destructive (shared/tool-hints.ts), and the badges say why.
  if (hints.destructiveHint === true)
    badges.push({ label: 'destructive', tone: 'danger', description: `May delete or overwrite data. ${UNTRUSTED}` });
  if (hints.idempotentHint === true)
    badges.push({ label: 'idempotent', tone: 'neutral', description: `Repeating a call has no further effect. ${UNTRUSTED}` });
  if (hints.openWorldHint === true)
    badges.push({ label: 'open-world', tone: 'neutral', description: `Interacts with external entities. ${UNTRUSTED}` });
  const taskSupport = taskSupportOf(tool);
  if (taskSupport !== 'forbidden') {
    badges.push({
      label: taskSupport === 'required' ? 'task: required' : 'task: optional',
      tone: 'neutral',
      description: taskSupport === 'required' ? 'Always runs as a task (polled until done).' : 'Can run as a task (polled until done).',
    });
  }
  return badges;
}

export type TaskSupport = 'required' | 'optional' | 'forbidden';

/** `execution.taskSupport`; absent or unknown means forbidden, as the spec says. */
export function taskSupportOf(tool: Tool): TaskSupport {
  const value = tool.execution?.taskSupport;
  return value === 'required' || value === 'optional' ? value : 'forbidden';
}

/** The server declares task-augmented tools/call (`capabilities.tasks.requests.tools.call`). */
export function serverRunsToolTasks(capabilities: Record<string, unknown> | undefined): boolean {
  const tasks = capabilities?.tasks as { requests?: { tools?: { call?: unknown } } } | undefined;
  return typeof tasks === 'object' && tasks !== null && tasks.requests?.tools?.call !== undefined;
}
