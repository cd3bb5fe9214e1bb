/**
 * One step's answer against what the collection expects of it: the outcome, the tool verdict (well-formed
 * content, structuredContent against the outputSchema, as the Tools tab and the CLI judge a call), each
 * assertion, the snapshot and the time budget. The app and `mcp-lens test` both judge with this, so one file
 * gets one set of verdicts wherever it runs.
 */
import { compileServerPattern } from '../server-pattern.ts';
import { isRecord, plural } from '../read.ts';
import type { ToolResultJudgement } from '../tool-verdict.ts';
import { ASSERTION_OPERATORS, type Assertion, type CollectionStep, type ExpectedOutcome, type JsonType } from './format.ts';
import { resolvePointer } from './pointer.ts';
import { diffSnapshot, jsonEqual, type SnapshotDifference } from './snapshot-diff.ts';

/** What came back for a step's request. `failed`: no answer (a transport fault, a timeout): never a pass. */
export type StepAnswer =
  | { kind: 'result'; result: unknown }
  | { kind: 'error'; error: { code: number; message: string; data?: unknown } }
  | { kind: 'failed'; message: string };

export interface Check {
  /** What was checked, in a few words: "outcome", "/content/0/text contains …", "snapshot", "time". */
  label: string;
  pass: boolean;
  /** Why it failed (or, for a pass, what was seen when that helps). */
  detail?: string;
  /** The snapshot's differences, for a failed snapshot check. */
  differences?: SnapshotDifference[];
  /** More differences than `differences` lists. */
  moreDifferences?: boolean;
}

export interface StepJudgement {
  pass: boolean;
  checks: Check[];
}

/** How an answer reads as an outcome: a tools/call result with `isError` is the tool's own error. */
function outcomeOf(answer: StepAnswer): 'result' | 'tool-error' | 'error' | 'failed' {
  if (answer.kind !== 'result') return answer.kind;
  return isRecord(answer.result) && answer.result.isError === true ? 'tool-error' : 'result';
}

const outcomeText = (outcome: ExpectedOutcome): string =>
  typeof outcome === 'string'
    ? outcome === 'result'
      ? 'a result'
      : "the tool's own error (isError)"
    : outcome.error === 'any'
      ? 'a JSON-RPC error'
      : `JSON-RPC error ${outcome.error}`;

function answerText(answer: StepAnswer): string {
  if (answer.kind === 'failed') return `no answer: ${answer.message}`;
  if (answer.kind === 'error') return `JSON-RPC error ${answer.error.code} "${answer.error.message}"`;
  return outcomeOf(answer) === 'tool-error' ? "the tool's own error (isError)" : 'a result';
}

/**
 * Judges one answer. `tool` is the verdict of a tools/call result (verdictOf's judgement), when the step
 * is a call and a result came back; `elapsedMs` the request's time.
 */
export function judgeStep(step: CollectionStep, answer: StepAnswer, elapsedMs: number, tool?: ToolResultJudgement): StepJudgement {
  const expect = step.expect ?? {};
  const expected = expect.outcome ?? 'result';
  const checks: Check[] = [];
  const got = outcomeOf(answer);
  const outcomeMet =
    typeof expected === 'string'
      ? got === expected
      : answer.kind === 'error' && (expected.error === 'any' || answer.error.code === expected.error);
  checks.push({
    label: `outcome: ${outcomeText(expected)}`,
    pass: outcomeMet,
    ...(outcomeMet ? {} : { detail: `got ${answerText(answer)}` }),
  });

  if (tool && tool.verdict === 'broken') {
    const problems = [...tool.contentProblems, ...tool.outputSchemaErrors];
    checks.push({ label: 'result is well-formed (content, outputSchema)', pass: false, detail: problems.join('; ') });
  } else if (tool?.outputSchemaChecked) {
    checks.push({ label: 'structuredContent matches the outputSchema', pass: true });
  }

  // Assertions read the result, or for an error the error object ({ code, message, data }).
  const subject = answer.kind === 'result' ? answer.result : answer.kind === 'error' ? answer.error : undefined;
  if (answer.kind !== 'failed') for (const assertion of expect.assert ?? []) checks.push(checkAssertion(assertion, subject));

  if (expect.snapshot !== undefined && answer.kind !== 'failed') {
    const { differences, more } = diffSnapshot(expect.snapshot.value, subject, expect.snapshot.ignore);
    checks.push({
      label: 'snapshot',
      pass: differences.length === 0,
      ...(differences.length === 0
        ? {}
        : {
            detail: more ? `${differences.length}+ differences` : plural(differences.length, 'difference'),
            differences,
            moreDifferences: more,
          }),
    });
  }

  if (expect.maxMs !== undefined) {
    const pass = elapsedMs <= expect.maxMs;
    checks.push({ label: `time ≤ ${expect.maxMs} ms`, pass, detail: `${Math.round(elapsedMs)} ms` });
  }
  return { pass: checks.every((check) => check.pass), checks };
}

const shown = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

function typeOf(value: unknown): JsonType | 'undefined' {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType;
  return 'undefined';
}

function checkAssertion(assertion: Assertion, subject: unknown): Check {
  const operator = ASSERTION_OPERATORS.find((name) => Object.hasOwn(assertion, name))!;
  const operand = (assertion as Record<string, unknown>)[operator];
  const where = assertion.pointer === '' ? '(the result)' : assertion.pointer;
  const label = `${where} ${operator} ${shown(operand)}`;
  const found = resolvePointer(subject, assertion.pointer);
  if (operator === 'exists') {
    const pass = found.found === operand;
    return { label, pass, ...(pass ? {} : { detail: found.found ? 'it is there' : 'nothing is there' }) };
  }
  if (!found.found) return { label, pass: false, detail: 'nothing is there' };
  const value = found.value;
  const fail = (detail: string): Check => ({ label, pass: false, detail });
  switch (operator) {
    case 'equals':
      return jsonEqual(value, operand) ? { label, pass: true } : fail(`it is ${shown(value)}`);
    case 'contains':
      if (typeof value === 'string') return value.includes(operand as string) ? { label, pass: true } : fail(`it is ${shown(value)}`);
      if (Array.isArray(value))
        return value.some((item) => jsonEqual(item, operand)) ? { label, pass: true } : fail(`no item is ${shown(operand)}`);
      return fail(`it is ${typeOf(value)}, not a string or a list`);
    case 'matches': {
      if (typeof value !== 'string') return fail(`it is ${typeOf(value)}, not a string`);
      const pattern = compileServerPattern(operand as string);
      if (!pattern.ok) return fail(`the pattern cannot be checked: ${pattern.reason}`);
      return pattern.test(value) ? { label, pass: true } : fail(`it is ${shown(value)}`);
    }
    case 'type': {
      const actual = typeOf(value);
      const pass = actual === operand || (operand === 'number' && actual === 'integer');
      return pass ? { label, pass: true } : fail(`it is ${actual}`);
    }
    case 'length': {
      const length =
        typeof value === 'string' || Array.isArray(value) ? value.length : isRecord(value) ? Object.keys(value).length : undefined;
      if (length === undefined) return fail(`it is ${typeOf(value)}, which has no length`);
      const range = typeof operand === 'number' ? { min: operand, max: operand } : (operand as { min?: number; max?: number });
      const pass = (range.min === undefined || length >= range.min) && (range.max === undefined || length <= range.max);
      return pass ? { label, pass: true } : fail(`its length is ${length}`);
    }
  }
}
