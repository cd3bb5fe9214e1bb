import { describe, expect, it } from 'vitest';
import { toolRisk } from './tool-hints.ts';

const risk = (annotations?: Record<string, unknown>) => toolRisk(annotations === undefined ? {} : { annotations });

describe('toolRisk', () => {
  it('reads a tool without annotations by the spec’s defaults: not read-only, destructive, not idempotent, open-world', () => {
    expect(risk()).toMatchObject({
      level: 'destructive',
      asks: true,
      hints: { readOnly: false, destructive: true, idempotent: false, openWorld: true },
    });
    expect(risk().reason).toMatch(/declares no annotations/);
    // An empty annotations object says no more than none.
    expect(risk({})).toMatchObject({ level: 'destructive', asks: true, hints: { readOnly: false, destructive: true } });
  });

  it('never asks about a tool that says it is read-only; destructiveHint does not apply to it', () => {
    for (const other of [{}, { destructiveHint: false }, { idempotentHint: true }, { openWorldHint: false }])
      expect(risk({ readOnlyHint: true, ...other })).toMatchObject({
        level: 'read-only',
        asks: false,
        asksWhenAModelCalls: false,
        hints: { readOnly: true },
      });
  });

  it('a tool that is not read-only and says destructiveHint false changes things: asked about only when a model calls it', () => {
    for (const readOnlyHint of [false, undefined])
      expect(risk({ readOnlyHint, destructiveHint: false })).toMatchObject({
        level: 'changes',
        asks: false,
        asksWhenAModelCalls: true,
        hints: { readOnly: false, destructive: false },
      });
  });

  it('a tool that is not read-only and does not deny destruction may be destructive', () => {
    expect(risk({ readOnlyHint: false })).toMatchObject({ level: 'destructive', asks: true });
    expect(risk({ destructiveHint: true })).toMatchObject({ level: 'destructive', asks: true, label: 'destructive (destructiveHint)' });
    expect(risk({ idempotentHint: true, openWorldHint: false })).toMatchObject({
      level: 'destructive',
      hints: { idempotent: true, openWorld: false },
    });
  });

  it('only a literal boolean counts: a string or a number is the default', () => {
    expect(risk({ readOnlyHint: 'yes' })).toMatchObject({ level: 'destructive', asks: true });
    expect(risk({ destructiveHint: 'no' })).toMatchObject({ level: 'destructive', asks: true });
    expect(risk({ destructiveHint: 0 })).toMatchObject({ level: 'destructive' });
    expect(risk({ openWorldHint: 'no', idempotentHint: 'yes' }).hints).toMatchObject({ openWorld: true, idempotent: false });
  });

  it('a tool claiming both read-only and destructive gets the cautious reading', () => {
    expect(risk({ readOnlyHint: true, destructiveHint: true })).toMatchObject({
      level: 'destructive',
      asks: true,
      hints: { readOnly: false, destructive: true },
    });
  });

  it('over every combination of the two hints that decide, asks exactly when the tool is not a plain read-only or additive one', () => {
    const values = [true, false, undefined, 'x'];
    for (const readOnlyHint of values)
      for (const destructiveHint of values) {
        const { asks, level } = risk({ readOnlyHint, destructiveHint });
        const readOnly = readOnlyHint === true && destructiveHint !== true;
        const additive = readOnlyHint !== true && destructiveHint === false;
        expect(level, `${String(readOnlyHint)}/${String(destructiveHint)}`).toBe(
          readOnly ? 'read-only' : additive ? 'changes' : 'destructive',
        );
        expect(asks).toBe(!readOnly && !additive);
      }
  });
});
