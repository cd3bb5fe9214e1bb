import { describe, expect, expectTypeOf, it } from 'vitest';
import { composeCommands } from './compose-commands.ts';

describe('composeCommands', () => {
  it('puts every group’s commands in one object, each keeping its type', () => {
    const commands = composeCommands({ run: (n: number) => n + 1 }, { stop: () => 'stopped' as const }, { note: (text: string) => text });
    expect(commands.run(1)).toBe(2);
    expect(commands.stop()).toBe('stopped');
    expect(commands.note('hi')).toBe('hi');
    expectTypeOf(commands.run).toEqualTypeOf<(n: number) => number>();
    expectTypeOf(commands).toEqualTypeOf<{ run: (n: number) => number; stop: () => 'stopped'; note: (text: string) => string }>();
  });

  it('refuses, at compile time, a command name two groups share', () => {
    const first = { run: () => 'first', stop: () => undefined };
    const second = { run: () => 'second' };
    // @ts-expect-error -- "run" is in both groups: the spread would have silently kept the second.
    const clashing = composeCommands(first, { other: () => 0 }, second);
    // What would have happened without the check: the last group's command wins.
    expect(clashing.run()).toBe('second');
  });
});
