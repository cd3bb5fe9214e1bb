import { describe, expect, it } from 'vitest';
import { MAX_SHOWN, RECENT_SHOWN, rankCommands } from './command-ranking.ts';
import type { PaletteCommand } from './palette-command.ts';

const command = (id: string, extra: Partial<PaletteCommand> = {}): PaletteCommand => ({
  id,
  group: 'Command',
  label: id,
  destructive: false,
  unavailable: null,
  focus: { kind: 'return' },
  run: () => undefined,
  ...extra,
});

const disconnect = command('Disconnect', { destructive: true });
const clear = command('Clear message log', { destructive: true });
const registry = [
  disconnect,
  command('Ping'),
  command('Save session'),
  clear,
  command('Tools', { group: 'Tab' }),
  command('echo', { group: 'Tool' }),
];
const labels = (ranking: ReturnType<typeof rankCommands>) => ranking.shown.map(({ command: c }) => c.label);

describe('command palette ranking', () => {
  it('never puts a destructive command first, nor preselects one, even when it leads the registry', () => {
    const ranking = rankCommands(registry, {}, '');
    expect(ranking.shown[0]!.command.destructive).toBe(false);
    expect(ranking.shown[ranking.active]!.command.label).toBe('Ping');
    expect(labels(ranking)).toEqual(['Ping', 'Disconnect', 'Save session', 'Clear message log', 'Tools', 'echo']);
  });

  it('opens on recent, then most used; destructive commands stay out of both however often they ran', () => {
    const uses = {
      Disconnect: { count: 50, last: 900 },
      echo: { count: 1, last: 800 },
      Tools: { count: 9, last: 100 },
      Ping: { count: 3, last: 700 },
    };
    const ranking = rankCommands(registry, uses, '');
    expect(ranking.shown.slice(0, 3).map(({ command: c, section }) => [c.label, section])).toEqual([
      ['echo', 'Recent'],
      ['Ping', 'Recent'],
      ['Tools', 'Recent'],
    ]);
    expect(ranking.active).toBe(0);
    expect(ranking.shown.find(({ command: c }) => c === disconnect)?.section).toBe('All');
  });

  it('keeps at most five recent; the rest of the used ones come as most used, by count', () => {
    const many = Array.from({ length: 8 }, (_, index) => command(`c${index}`));
    const uses = Object.fromEntries(many.map((c, index) => [c.id, { count: index === 0 ? 40 : 1, last: 1000 - index }]));
    const ranking = rankCommands(many, uses, '');
    expect(ranking.shown.filter(({ section }) => section === 'Recent')).toHaveLength(RECENT_SHOWN);
    expect(ranking.shown.filter(({ section }) => section === 'Most used').map(({ command: c }) => c.id)).toEqual(['c5', 'c6', 'c7']);
  });

  it('narrows by every typed term over group, label and keywords; label prefixes, then use, come first', () => {
    const items = [
      command('Open session…'),
      command('echo', { group: 'Tool' }),
      command('Say hello', { group: 'Saved call', keywords: 'echo' }),
    ];
    expect(labels(rankCommands(items, {}, 'echo'))).toEqual(['echo', 'Say hello']);
    expect(labels(rankCommands(items, { 'Say hello': { count: 2, last: 1 } }, 'saved echo'))).toEqual(['Say hello']);
    expect(labels(rankCommands(items, {}, 'tool'))).toEqual(['echo']);
  });

  it('preselects nothing when only destructive or unavailable commands match', () => {
    expect(rankCommands(registry, {}, 'disc').active).toBe(-1);
    const off = rankCommands([command('Connect', { unavailable: 'Already connected.' })], {}, '');
    expect(off.active).toBe(-1);
  });

  it('puts commands that cannot run now after those that can, and bounds what it renders', () => {
    const items = [command('Connect', { unavailable: 'Already connected.' }), command('Copy')];
    expect(labels(rankCommands(items, {}, 'co'))).toEqual(['Copy', 'Connect']);
    const many = Array.from({ length: 10_000 }, (_, index) => command(`tool${index}`, { group: 'Tool' }));
    expect(rankCommands(many, {}, 'tool').shown).toHaveLength(MAX_SHOWN);
  });

  it('survives a hostile list that repeats a name, and a usage record for a prototype key', () => {
    const twins = [command('echo', { group: 'Tool' }), command('echo', { group: 'Tool' })];
    const uses = JSON.parse('{"__proto__": {"count": 3, "last": 5}, "echo": {"count": 1, "last": 1}}') as Record<
      string,
      { count: number; last: number }
    >;
    const ranking = rankCommands(twins, uses, '');
    expect(ranking.shown.map(({ section }) => section)).toEqual(['Recent', 'All']);
  });
});
