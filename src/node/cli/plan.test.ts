import { describe, expect, it } from 'vitest';
import type { Tool } from '../../shared/model.ts';
import { planCalls } from './plan.ts';

const tool = (name: string, annotations?: Record<string, unknown>, extra: Partial<Tool> = {}): Tool => ({
  name,
  inputSchema: { type: 'object' },
  icons: [],
  ...(annotations && { annotations }),
  ...extra,
});

const TOOLS = [
  tool('read', { readOnlyHint: true }),
  tool('bare'),
  tool('write', { readOnlyHint: false, destructiveHint: false }),
  tool('wipe', { readOnlyHint: false, destructiveHint: true }),
  tool('contradicts', { readOnlyHint: true, destructiveHint: true }),
  tool('unsure', { readOnlyHint: 'yes' }),
];

const summary = (plan: ReturnType<typeof planCalls>) =>
  plan.map((p) => (p.kind === 'skip' ? `skip ${p.name}: ${p.reason}` : `${p.kind} ${p.name}`));

describe('planCalls', () => {
  it('by default calls only tools that say they are read-only, and names the reason for each one it skips', () => {
    expect(summary(planCalls(TOOLS, { allowWrites: false }))).toEqual([
      'call read',
      'skip bare: may be destructive (no annotations, so not read-only and destructive by the spec’s defaults); pass --allow-writes, or --call bare, to call it',
      'skip write: may change things (readOnlyHint is not true; destructiveHint false); pass --allow-writes, or --call write, to call it',
      'skip wipe: destructive (destructiveHint); pass --allow-writes, or --call wipe, to call it',
      'skip contradicts: destructive (destructiveHint, though also readOnlyHint); pass --allow-writes, or --call contradicts, to call it',
      'skip unsure: may be destructive (readOnlyHint is not true, destructiveHint not false); pass --allow-writes, or --call unsure, to call it',
    ]);
  });

  it('--allow-writes calls them all, destructive ones included', () => {
    expect(planCalls(TOOLS, { allowWrites: true }).every((p) => p.kind === 'call')).toBe(true);
  });

  it('--call calls exactly the named tools, in the order given, whatever their hints; an unknown name is missing', () => {
    const plan = planCalls(TOOLS, { allowWrites: false, named: [{ name: 'wipe' }, { name: 'nope' }, { name: 'read' }] });
    expect(summary(plan)).toEqual([
      'call wipe',
      'missing nope',
      'call read',
      'skip bare: not named in --call',
      'skip write: not named in --call',
      'skip contradicts: not named in --call',
      'skip unsure: not named in --call',
    ]);
  });

  it("makes a conformance scenario's calls with its arguments, listed or not", () => {
    const plan = planCalls(TOOLS, {
      allowWrites: true,
      named: [
        { name: 'write', arguments: { a: 1 } },
        { name: 'unlisted', arguments: {} },
      ],
    });
    expect(plan.slice(0, 2)).toEqual([
      { kind: 'call', name: 'write', arguments: { a: 1 } },
      { kind: 'call', name: 'unlisted', arguments: {} },
    ]);
  });

  it('skips, even when named, a tool the engine excludes or whose schema it cannot satisfy', () => {
    const tools = [
      tool('excluded', { readOnlyHint: true }, { excluded: 'x-mcp-header on a non-primitive' }),
      tool(
        'impossible',
        { readOnlyHint: true },
        { inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 5, maximum: 4 } }, required: ['n'] } },
      ),
    ];
    expect(summary(planCalls(tools, { allowWrites: false, named: [{ name: 'excluded' }, { name: 'impossible' }] }))).toEqual([
      'skip excluded: excluded — x-mcp-header on a non-primitive',
      expect.stringMatching(/^skip impossible: not called — .*between its minimum and maximum/),
    ]);
  });
});
