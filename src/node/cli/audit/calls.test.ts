import { describe, expect, it } from 'vitest';
import { resolveCalls } from './calls.ts';

const tools = [
  { name: 'echo', annotations: { readOnlyHint: true } },
  { name: 'add-note', annotations: { destructiveHint: false } },
  { name: 'clear-notes', annotations: { destructiveHint: true } },
  { name: 'silent' },
];

describe('resolveCalls', () => {
  it('calls read-only and non-destructive tools, each once', () => {
    const result = resolveCalls([{ name: 'echo' }, { name: 'add-note' }, { name: 'echo', arguments: { message: 'x' } }], tools, false);
    expect(result).toEqual({ ok: true, calls: [{ name: 'echo' }, { name: 'add-note' }] });
  });

  it('refuses a tool that may be destructive (annotated so, or saying nothing) unless allowed', () => {
    const refused = resolveCalls([{ name: 'clear-notes' }, { name: 'silent' }], tools, false);
    expect(refused).toMatchObject({
      ok: false,
      problem:
        '--call: not called, as it may be destructive — clear-notes: destructive (destructiveHint); silent: may be destructive ' +
        '(no annotations, so not read-only and destructive by the spec’s defaults). Add --allow-writes to call it anyway, or leave it out.',
    });
    expect(resolveCalls([{ name: 'clear-notes' }], tools, true)).toEqual({ ok: true, calls: [{ name: 'clear-notes' }] });
  });

  it('names a tool the server does not list, and what it does list', () => {
    expect(resolveCalls([{ name: 'nope' }], tools, true)).toMatchObject({
      ok: false,
      problem: '--call: the server has no tool named nope (it lists echo, add-note, clear-notes, silent).',
    });
  });
});
