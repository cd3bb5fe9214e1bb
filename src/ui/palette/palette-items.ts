/** What the command palette offers, and how typing narrows it: pure, so it is tested without a page. */
import { searchTerms } from '../find/list-search.ts';

export interface PaletteItem {
  id: string;
  /** Tab, Tool, Resource, Template, Prompt or Command: shown beside the label, and searched too. */
  group: string;
  label: string;
  run(): void;
}

export interface PaletteSources {
  tabs: readonly string[];
  tools: ReadonlyArray<{ name: string }>;
  resources: ReadonlyArray<{ name: string; uri: string }>;
  templates: ReadonlyArray<{ name: string; uriTemplate: string }>;
  prompts: ReadonlyArray<{ name: string }>;
  commands: ReadonlyArray<{ label: string; run(): void }>;
  go(tab: string, item?: string): void;
}

export function paletteItems({ tabs, tools, resources, templates, prompts, commands, go }: PaletteSources): PaletteItem[] {
  // Ids carry the position: a hostile list may repeat names, and option ids must stay unique.
  return [
    ...commands.map((command, index) => ({ id: `c${index}`, group: 'Command', label: command.label, run: command.run })),
    ...tabs.map((tab, index) => ({ id: `t${index}`, group: 'Tab', label: tab, run: () => go(tab) })),
    ...tools.map((tool, index) => ({ id: `o${index}`, group: 'Tool', label: tool.name, run: () => go('Tools', tool.name) })),
    ...resources.map((resource, index) => ({
      id: `r${index}`,
      group: 'Resource',
      label: resource.name === resource.uri ? resource.uri : `${resource.name} · ${resource.uri}`,
      run: () => go('Resources', resource.uri),
    })),
    ...templates.map((template, index) => ({
      id: `e${index}`,
      group: 'Template',
      label: `${template.name} · ${template.uriTemplate}`,
      run: () => go('Resources', template.uriTemplate),
    })),
    ...prompts.map((prompt, index) => ({ id: `p${index}`, group: 'Prompt', label: prompt.name, run: () => go('Prompts', prompt.name) })),
  ];
}

/** At most this many options are rendered: typing more narrows the rest. */
export const MAX_PALETTE_OPTIONS = 50;

/** The items whose group and label hold every typed term, the ones whose label starts with the query first. */
export function filterPalette(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const terms = searchTerms(query);
  const matching = items.filter((item) => {
    const text = `${item.group} ${item.label}`.toLowerCase();
    return terms.every((term) => text.includes(term));
  });
  const lead = query.trim().toLowerCase();
  const starts = (item: PaletteItem) => (lead !== '' && item.label.toLowerCase().startsWith(lead) ? 0 : 1);
  return matching.sort((a, b) => starts(a) - starts(b)).slice(0, MAX_PALETTE_OPTIONS);
}
