import type { Tool } from '../../shared/model.ts';

const str = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);

/** The spec's display precedence: `title`, then `annotations.title`, then `name`. */
export function displayTitle(tool: Tool): string {
  return str(tool.title) ?? str(tool.annotations?.title) ?? String(tool.name);
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
  if (hints.readOnlyHint === true) badges.push({ label: 'read-only', tone: 'safe', description: `Does not modify its environment. ${UNTRUSTED}` });
  if (hints.destructiveHint === true && hints.readOnlyHint !== true) {
    badges.push({ label: 'destructive', tone: 'danger', description: `May delete or overwrite data. ${UNTRUSTED}` });
  }
  if (hints.idempotentHint === true) badges.push({ label: 'idempotent', tone: 'neutral', description: `Repeating a call has no further effect. ${UNTRUSTED}` });
  if (hints.openWorldHint === true) badges.push({ label: 'open-world', tone: 'neutral', description: `Interacts with external entities. ${UNTRUSTED}` });
  return badges;
}
