import { serverPatternProblem } from '../server-pattern.ts';
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { toolRisk } from '../tool-hints.ts';
import { COLLECTION_SCHEMA_PATH, type Collection } from './format.ts';
import { judgeStep, type StepAnswer } from './judge.ts';
import { fillPlaceholders, placeholdersIn } from './placeholders.ts';
import { parsePointer, pointerOf, resolvePointer } from './pointer.ts';
import { checkCollection, readCollection } from './read.ts';
import { unsetVariables } from './placeholders.ts';
import { MASKED, runCollection, type CollectionRunEffects } from './run.ts';
import { diffSnapshot } from './snapshot-diff.ts';
import { writeCollection } from './write.ts';

const schema = JSON.parse(readFileSync(new URL(`../../../public/${COLLECTION_SCHEMA_PATH}`, import.meta.url), 'utf8')) as object;
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(schema);

const demo: Collection = {
  format: 'mcp-lens-collection',
  version: 1,
  name: 'Demo server',
  variables: { TOKEN: { from: 'env', description: 'An API token' }, CITY: { from: 'var', default: 'Paris' } },
  steps: [
    {
      name: 'add a note',
      request: { method: 'tools/call', params: { name: 'add-note', arguments: { text: 'from ${var:CITY}' } } },
      changesThings: true,
      capture: { noteId: '/structuredContent/id' },
      expect: { assert: [{ pointer: '/content/0/text', contains: 'Paris' }], maxMs: 5000 },
    },
    {
      name: 'read it back',
      request: { method: 'resources/read', params: { uri: 'demo://notes/${capture:noteId}', auth: 'Bearer ${env:TOKEN}' } },
      expect: { snapshot: { value: { contents: [{ uri: 'demo://notes/1', text: 'from Paris', at: 1 }] }, ignore: ['/contents/*/at'] } },
    },
    { name: 'a missing prompt', request: { method: 'prompts/get', params: { name: 'nope' } }, expect: { outcome: { error: -32602 } } },
  ],
};

describe('a collection file', () => {
  it('reads back what it writes, byte for byte the same each time, keys in one order', () => {
    const text = writeCollection(demo);
    const read = readCollection(text, serverPatternProblem);
    expect(read).toEqual({ ok: true, collection: expect.objectContaining({ name: 'Demo server' }) });
    expect(writeCollection((read as { collection: Collection }).collection)).toBe(text);
    // The same collection with its params' keys in another order writes the same bytes.
    const shuffled = structuredClone(demo);
    shuffled.steps[1]!.request.params = { auth: 'Bearer ${env:TOKEN}', uri: 'demo://notes/${capture:noteId}' };
    expect(writeCollection(shuffled)).toBe(text);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(['format', 'version', 'name', 'variables', 'steps']);
    expect(text.endsWith('}\n')).toBe(true);
  });

  const bad: Array<[string, unknown, RegExp]> = [
    ['not JSON', '{', /not JSON/],
    ['another format', { format: 'postman', version: 1 }, /not an MCP Lens collection/],
    ['a newer version', { ...demo, version: 2 }, /version 2; this MCP Lens reads version 1\. Update/],
    ['no steps', { ...demo, steps: [] }, /^\/steps: must be a list of at least one step/],
    ['a typo in a key', { ...demo, steps: [{ ...demo.steps[2], expcet: {} }] }, /^\/steps\/0\/expcet: is not a field/],
    ['an undeclared variable', { ...demo, variables: {} }, /\$\{var:CITY\} is not declared in "variables"/],
    [
      'an env variable with a default',
      { ...demo, variables: { ...demo.variables, TOKEN: { from: 'env', default: 'sk-1' } } },
      /would be a stored secret/,
    ],
    [
      'a capture used before it is made',
      { ...demo, steps: [demo.steps[1], demo.steps[0]] },
      /\$\{capture:noteId\} is not captured by an earlier step/,
    ],
    [
      'a bad pointer',
      { ...demo, steps: [{ ...demo.steps[2], capture: { x: 'content' } }] },
      /^\/steps\/0\/capture\/x: "content" is not a JSON Pointer/,
    ],
    [
      'two operators in one check',
      { ...demo, steps: [{ ...demo.steps[2], expect: { assert: [{ pointer: '', type: 'object', exists: true }] } }] },
      /needs exactly one of .* \(it has type and exists\)/,
    ],
    [
      'a pattern RE2 cannot run',
      { ...demo, steps: [{ ...demo.steps[2], expect: { assert: [{ pointer: '', matches: '(a)\\1' }] } }] },
      /matches: cannot be checked/,
    ],
    [
      'an unknown outcome',
      { ...demo, steps: [{ ...demo.steps[2], expect: { outcome: 'ok' } }] },
      /outcome: must be "result", "tool-error", or/,
    ],
    [
      'a bad length',
      { ...demo, steps: [{ ...demo.steps[2], expect: { assert: [{ pointer: '', length: { min: -1 } }] } }] },
      /length: must be a count/,
    ],
  ];
  for (const [what, value, problem] of bad) {
    it(`refuses ${what}, naming where`, () => {
      const read = typeof value === 'string' ? readCollection(value, serverPatternProblem) : checkCollection(value, serverPatternProblem);
      expect(read.ok).toBe(false);
      expect((read as { problems: string[] }).problems.join('\n')).toMatch(problem);
    });
  }

  it('the published JSON Schema agrees with the reader on every file above', () => {
    expect(validate(JSON.parse(writeCollection(demo)))).toBe(true);
    // Placeholders and captures are checked by the reader alone: a schema cannot follow them.
    const schemaCannotSee = new Set(['not JSON', 'an undeclared variable', 'a capture used before it is made', 'a pattern RE2 cannot run']);
    for (const [what, value] of bad) if (!schemaCannotSee.has(what)) expect(validate(value), what).toBe(false);
  });

  it('counts problems past twenty instead of listing them all', () => {
    const steps = Array.from({ length: 30 }, () => ({ name: '', request: { method: 'ping' } }));
    const read = checkCollection({ ...demo, steps }, serverPatternProblem);
    expect((read as { problems: string[] }).problems).toHaveLength(21);
    expect((read as { problems: string[] }).problems.at(-1)).toBe('and 10 more problems.');
  });
});

describe('pointers and placeholders', () => {
  it('reads RFC 6901 pointers, escapes included', () => {
    expect(parsePointer('/a~1b/~0c')).toEqual({ ok: true, tokens: ['a/b', '~c'] });
    expect(pointerOf(['a/b', '~c', 0])).toBe('/a~1b/~0c/0');
    expect(resolvePointer({ list: [{ x: 1 }] }, '/list/0/x')).toEqual({ found: true, value: 1 });
    expect(resolvePointer({ list: [] }, '/list/01')).toEqual({ found: false });
    expect(resolvePointer({}, '/toString')).toEqual({ found: false });
  });

  it('fills placeholders, keeping a whole-string value its type, and leaves $${ literal', () => {
    const values: Record<string, unknown> = { 'capture:id': 42, 'var:CITY': 'Paris', 'capture:obj': { a: 1 } };
    const lookup = ({ source, name }: { source: string; name: string }) => values[`${source}:${name}`];
    expect(fillPlaceholders({ id: '${capture:id}', at: 'in ${var:CITY}', raw: '$${var:CITY}', obj: 'x ${capture:obj}' }, lookup)).toEqual({
      ok: true,
      value: { id: 42, at: 'in Paris', raw: '${var:CITY}', obj: 'x {"a":1}' },
    });
    expect(fillPlaceholders({ a: ['${env:NOPE}'] }, lookup)).toEqual({ ok: false, missing: [{ source: 'env', name: 'NOPE' }] });
    expect(placeholdersIn({ a: '$${env:X} ${env:Y}' })).toEqual([{ source: 'env', name: 'Y' }]);
  });
});

describe('judging a step', () => {
  const step = demo.steps[0]!;
  const result = (text: string, extra: Record<string, unknown> = {}): StepAnswer => ({
    kind: 'result',
    result: { content: [{ type: 'text', text }], ...extra },
  });

  it('passes a result that meets every expectation, and names each check', () => {
    const judged = judgeStep(step, result('saved in Paris'), 12);
    expect(judged.pass).toBe(true);
    expect(judged.checks.map((check) => check.label)).toEqual(['outcome: a result', '/content/0/text contains "Paris"', 'time ≤ 5000 ms']);
  });

  it("fails the tool's own error where a result was expected, a missed assertion and a blown time budget, saying what it got", () => {
    const judged = judgeStep(step, result('saved in Rome', { isError: true }), 6000);
    expect(judged.pass).toBe(false);
    expect(judged.checks.filter((check) => !check.pass).map((check) => check.detail)).toEqual([
      "got the tool's own error (isError)",
      'it is "saved in Rome"',
      '6000 ms',
    ]);
  });

  it('reads a JSON-RPC error as the outcome it expects, and never passes no answer', () => {
    const missing = demo.steps[2]!;
    expect(judgeStep(missing, { kind: 'error', error: { code: -32602, message: 'no prompt' } }, 1).pass).toBe(true);
    const wrongCode = judgeStep(missing, { kind: 'error', error: { code: -32601, message: 'no method' } }, 1);
    expect(wrongCode.checks[0]).toMatchObject({ pass: false, detail: 'got JSON-RPC error -32601 "no method"' });
    expect(judgeStep(missing, { kind: 'failed', message: 'timed out' }, 1).pass).toBe(false);
  });

  it('fails a result the tool verdict calls broken (its outputSchema), as the Tools tab does', () => {
    const judged = judgeStep(step, result('Paris'), 1, {
      verdict: 'broken',
      isError: false,
      contentProblems: [],
      unknownContentTypes: [],
      outputSchemaErrors: ['/structuredContent/id must be string'],
      outputSchemaNotes: [],
      outputSchemaChecked: true,
    });
    expect(judged.checks.find((check) => !check.pass)).toMatchObject({ detail: '/structuredContent/id must be string' });
  });

  it('counts a snapshot differences in words: 1 difference, 2 differences, 100+ differences', () => {
    const snapshotOf = (value: unknown) => ({ ...step, expect: { snapshot: { value } } });
    const detail = (expected: unknown, actual: unknown) =>
      judgeStep(snapshotOf(expected), { kind: 'result', result: actual }, 1).checks.find((check) => check.label === 'snapshot')?.detail;
    expect(detail({ a: 1 }, { a: 2 })).toBe('1 difference');
    expect(detail({ a: 1, b: 1 }, { a: 2, b: 2 })).toBe('2 differences');
    expect(
      detail(
        Array.from({ length: 150 }, (_, i) => i),
        Array.from({ length: 150 }, (_, i) => -i - 1),
      ),
    ).toBe('100+ differences');
  });

  it('compares a snapshot by value, leaving out ignored paths, a * for any index', () => {
    expect(diffSnapshot({ a: [{ id: 1, v: 'x' }], b: 2 }, { b: 2, a: [{ id: 9, v: 'x' }] }, ['/a/*/id']).differences).toEqual([]);
    expect(diffSnapshot({ a: 1, b: [1, 2] }, { a: 2, b: [1], c: true }).differences).toEqual([
      { pointer: '/a', change: 'changed', expected: 1, actual: 2 },
      { pointer: '/b/1', change: 'removed', expected: 2 },
      { pointer: '/c', change: 'added', actual: true },
    ]);
    const many = diffSnapshot(
      Array.from({ length: 500 }, (_, i) => i),
      Array.from({ length: 500 }, (_, i) => -i - 1),
    );
    expect(many.differences).toHaveLength(100);
    expect(many.more).toBe(true);
  });
});

describe('running a collection', () => {
  const tools = new Map([
    ['add-note', toolRisk({ annotations: { readOnlyHint: false, destructiveHint: false } })],
    ['echo', toolRisk({ annotations: { readOnlyHint: true } })],
  ]);
  const effects = (answers: Record<string, StepAnswer>, sent: unknown[] = []): CollectionRunEffects => {
    let now = 0;
    return {
      send: async (method, params) => {
        sent.push({ method, params });
        now += 5;
        return { answer: answers[method] ?? { kind: 'failed', message: 'unexpected' } };
      },
      toolRisk: (name) => tools.get(name),
      env: (name) => (name === 'TOKEN' ? 'sk-secret' : undefined),
      now: () => now,
    };
  };
  const answers: Record<string, StepAnswer> = {
    'tools/call': { kind: 'result', result: { content: [{ type: 'text', text: 'saved in Paris' }], structuredContent: { id: 1 } } },
    'resources/read': { kind: 'result', result: { contents: [{ uri: 'demo://notes/1', text: 'from Paris', at: 77 }] } },
    'prompts/get': { kind: 'error', error: { code: -32602, message: 'no such prompt' } },
  };

  it('runs each step with placeholders and captures filled in, and masks what came from the environment', async () => {
    const sent: unknown[] = [];
    const run = await runCollection(demo, effects(answers, sent), { vars: { CITY: 'Paris' } });
    expect(run.counts).toEqual({ pass: 3, fail: 0, refused: 0, skipped: 0, cancelled: 0 });
    expect(run.pass).toBe(true);
    expect(sent[1]).toEqual({ method: 'resources/read', params: { uri: 'demo://notes/1', auth: 'Bearer sk-secret' } });
    expect(run.steps[1]!.sent).toEqual({ method: 'resources/read', params: { uri: 'demo://notes/1', auth: MASKED } });
    expect(run.steps[0]!.elapsedMs).toBe(5);
  });

  it('refuses a tool that may change things unless the file says so, and skips what needed its capture', async () => {
    const unmarked = structuredClone(demo);
    delete unmarked.steps[0]!.changesThings;
    const sent: unknown[] = [];
    const run = await runCollection(unmarked, effects(answers, sent));
    expect(run.steps[0]).toMatchObject({
      status: 'refused',
      reason: expect.stringMatching(/^add-note may change things: .*"changesThings": true/),
    });
    expect(run.steps[1]).toMatchObject({ status: 'skipped', reason: 'It needs ${capture:noteId} (an earlier step did not capture it).' });
    expect(run.steps[2]!.status).toBe('pass');
    expect(sent).toHaveLength(1);
    expect(run.pass).toBe(false);
  });

  it('names unset variables before a run, and stops between steps when cancelled', async () => {
    expect(unsetVariables(demo, () => undefined)).toEqual([{ source: 'env', name: 'TOKEN' }]);
    const controller = new AbortController();
    const run = await runCollection(demo, effects(answers), { signal: controller.signal, onStep: () => controller.abort() });
    expect(run.steps.map((step) => step.status)).toEqual(['pass', 'cancelled', 'cancelled']);
  });
});
