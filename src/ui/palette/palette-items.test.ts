import { describe, expect, it } from 'vitest';
import { MAX_PALETTE_OPTIONS, filterPalette, paletteItems } from './palette-items.ts';

const visits: Array<[string, string | undefined]> = [];
const items = paletteItems({
  tabs: ['Tools', 'Resources', 'Prompts'],
  tools: [{ name: 'echo' }, { name: 'add' }, { name: 'echo' }],
  resources: [{ name: 'readme', uri: 'file:///README.md' }],
  templates: [{ name: 'file', uriTemplate: 'file:///{path}' }],
  prompts: [{ name: 'simple_prompt' }],
  commands: [{ label: 'Connect', run: () => visits.push(['connect', undefined]) }],
  go: (tab, item) => visits.push([tab, item]),
});

describe('command palette items', () => {
  it('reach every tab, tool, resource, template, prompt and command, with unique ids', () => {
    expect(items.map((item) => item.group)).toEqual([
      'Command',
      'Tab',
      'Tab',
      'Tab',
      'Tool',
      'Tool',
      'Tool',
      'Resource',
      'Template',
      'Prompt',
    ]);
    expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
    for (const item of items) item.run();
    expect(visits).toContainEqual(['Tools', 'echo']);
    expect(visits).toContainEqual(['Resources', 'file:///README.md']);
    expect(visits).toContainEqual(['Prompts', 'simple_prompt']);
    expect(visits).toContainEqual(['connect', undefined]);
  });

  it('narrow by every typed term, over the group too, label prefixes first', () => {
    expect(filterPalette(items, 'tool add').map((item) => item.label)).toEqual(['add']);
    expect(filterPalette(items, 'readme').map((item) => item.group)).toEqual(['Resource']);
    expect(filterPalette(items, 'pro').map((item) => item.label)).toEqual(['Prompts', 'simple_prompt']);
    expect(filterPalette(items, '')).toHaveLength(items.length);
  });

  it('render a bounded number of options', () => {
    const many = paletteItems({
      tabs: [],
      tools: Array.from({ length: 10_000 }, (_, index) => ({ name: `tool${index}` })),
      resources: [],
      templates: [],
      prompts: [],
      commands: [],
      go: () => undefined,
    });
    expect(filterPalette(many, 'tool')).toHaveLength(MAX_PALETTE_OPTIONS);
  });
});
