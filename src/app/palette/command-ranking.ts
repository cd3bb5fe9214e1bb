/**
 * The order the command palette shows commands in, and which one Enter would run. Opened empty, it leads
 * with what this person chose recently and most often; typing narrows by every term and puts label
 * prefixes first. In every case a destructive command is never first and never preselected, so Ctrl-K,
 * Enter cannot end a session. Pure: tested in Node.
 */
import type { CommandUse } from '../../state/index.ts';
import type { PaletteCommand } from './palette-command.ts';

type Section = 'Recent' | 'Most used' | 'All';

export interface RankedCommand {
  command: PaletteCommand;
  section: Section;
}

export interface Ranking {
  shown: RankedCommand[];
  /** The index Enter runs at first: the first available, non-destructive command; -1 when there is none. */
  active: number;
}

export const RECENT_SHOWN = 5;
const MOST_USED_SHOWN = 5;
/** At most this many options are rendered: typing more narrows the rest. */
export const MAX_SHOWN = 50;

export function rankCommands(commands: readonly PaletteCommand[], uses: Readonly<Record<string, CommandUse>>, query: string): Ranking {
  const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
  const ranked = terms.length === 0 ? opening(commands, uses) : matching(commands, uses, terms, query.trim().toLowerCase());
  const shown = safeFirst(ranked).slice(0, MAX_SHOWN);
  return { shown, active: shown.findIndex(({ command }) => canPreselect(command)) };
}

export const canPreselect = (command: PaletteCommand) => !command.destructive && command.unavailable === null;

/**
 * Recent, then most used (the first command of each id), then everything else in the registry's order.
 * Destructive commands stay out of the first two: they are one wrong Enter away from the top.
 */
function opening(commands: readonly PaletteCommand[], uses: Readonly<Record<string, CommandUse>>): RankedCommand[] {
  const used = firstOfEachId(commands).filter((command) => canPreselect(command) && Object.hasOwn(uses, command.id));
  const recent = [...used].sort((a, b) => uses[b.id]!.last - uses[a.id]!.last).slice(0, RECENT_SHOWN);
  const mostUsed = used
    .filter((command) => !recent.includes(command))
    .sort((a, b) => uses[b.id]!.count - uses[a.id]!.count || uses[b.id]!.last - uses[a.id]!.last)
    .slice(0, MOST_USED_SHOWN);
  const lead = new Set([...recent, ...mostUsed]);
  const rest = availableFirst(commands.filter((command) => !lead.has(command)));
  return [
    ...recent.map((command) => ({ command, section: 'Recent' as const })),
    ...mostUsed.map((command) => ({ command, section: 'Most used' as const })),
    ...rest.map((command) => ({ command, section: 'All' as const })),
  ];
}

function matching(
  commands: readonly PaletteCommand[],
  uses: Readonly<Record<string, CommandUse>>,
  terms: readonly string[],
  lead: string,
): RankedCommand[] {
  const found = commands.filter((command) => {
    const text = `${command.group} ${command.label} ${command.keywords ?? ''}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  });
  const prefix = (command: PaletteCommand) => (command.label.toLowerCase().startsWith(lead) ? 0 : 1);
  const count = (command: PaletteCommand) => (Object.hasOwn(uses, command.id) ? uses[command.id]!.count : 0);
  // Array.prototype.sort is stable: equal commands keep the registry's order.
  const sorted = [...found].sort((a, b) => prefix(a) - prefix(b) || count(b) - count(a));
  return availableFirst(sorted).map((command) => ({ command, section: 'All' as const }));
}

const availableFirst = (commands: readonly PaletteCommand[]) => [
  ...commands.filter((command) => command.unavailable === null),
  ...commands.filter((command) => command.unavailable !== null),
];

function firstOfEachId(commands: readonly PaletteCommand[]): PaletteCommand[] {
  const seen = new Set<string>();
  return commands.filter((command) => !seen.has(command.id) && Boolean(seen.add(command.id)));
}

/** A destructive command never leads the list: the first safe one moves ahead of it. */
function safeFirst(ranked: RankedCommand[]): RankedCommand[] {
  if (ranked.length === 0 || !ranked[0]!.command.destructive) return ranked;
  const safe = ranked.findIndex(({ command }) => !command.destructive);
  if (safe < 0) return ranked;
  return [ranked[safe]!, ...ranked.slice(0, safe), ...ranked.slice(safe + 1)];
}
