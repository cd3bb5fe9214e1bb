/**
 * Runs a collection step by step over a `send` it is given: the app gives the connection's engine (through
 * the jobs registry), `mcp-lens test` the headless engine. Pure otherwise, so both run the same steps with
 * the same placeholders, consent and judge.
 */
import { isRecord } from '../read.ts';
import { UNLISTED_TOOL_REASON, type ToolRisk } from '../tool-hints.ts';
import type { ToolResultJudgement } from '../tool-verdict.ts';
import type { Collection, CollectionStep } from './format.ts';
import { judgeStep, type Check, type StepAnswer } from './judge.ts';
import { fillPlaceholders, placeholderText, placeholdersIn, variableLookup, type Placeholder } from './placeholders.ts';
import { resolvePointer } from './pointer.ts';

export interface CollectionRunEffects {
  /** Sends one request and waits for its answer (never throws: no answer is `failed`); the signal cancels it. */
  send(
    method: string,
    params: Record<string, unknown> | undefined,
    signal: AbortSignal,
  ): Promise<{ answer: StepAnswer; tool?: ToolResultJudgement }>;
  /** How the connected server lists a tool's risk (`toolRisk`), or undefined when it does not list the tool. */
  toolRisk(name: string): ToolRisk | undefined;
  /** The runner's environment, for `${env:…}`. */
  env(name: string): string | undefined;
  now(): number;
}

export interface CollectionRunOptions {
  /** `${var:…}` values for this run (a per-run file); the collection's defaults fill the rest. */
  vars?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
  /** Called as each step ends, for progress. */
  onStep?: (result: StepResult) => void;
}

/** `refused`: it may change things and the file does not say it may. `skipped`: a value it needs is missing. */
type StepStatus = 'pass' | 'fail' | 'refused' | 'skipped' | 'cancelled';

export interface StepResult {
  index: number;
  name: string;
  status: StepStatus;
  /** The request as sent, placeholders filled. An `${env:…}` value is masked here: it is often a token. */
  sent?: { method: string; params?: Record<string, unknown> };
  answer?: StepAnswer;
  elapsedMs?: number;
  checks: Check[];
  /** Why it was refused, skipped or cancelled. */
  reason?: string;
}

export interface CollectionRun {
  steps: StepResult[];
  counts: Record<StepStatus, number>;
  /** Every step passed (a refused, skipped or cancelled step is not a pass). */
  pass: boolean;
}

export const MASKED = '••••';

export async function runCollection(
  collection: Collection,
  effects: CollectionRunEffects,
  options: CollectionRunOptions = {},
): Promise<CollectionRun> {
  const variables = variableLookup(collection, (name) => effects.env(name), options.vars ?? {});
  const captures = new Map<string, unknown>();
  const steps: StepResult[] = [];
  const signal = options.signal ?? new AbortController().signal;
  for (const [index, step] of collection.steps.entries()) {
    const result = signal.aborted
      ? { index, name: step.name, status: 'cancelled' as const, checks: [], reason: 'The run was stopped before this step.' }
      : await runStep(
          step,
          index,
          effects,
          signal,
          (placeholder) => (placeholder.source === 'capture' ? captures.get(placeholder.name) : variables(placeholder)),
          captures,
        );
    steps.push(result);
    options.onStep?.(result);
  }
  const counts: Record<StepStatus, number> = { pass: 0, fail: 0, refused: 0, skipped: 0, cancelled: 0 };
  for (const step of steps) counts[step.status] += 1;
  return { steps, counts, pass: counts.pass === steps.length };
}

async function runStep(
  step: CollectionStep,
  index: number,
  effects: CollectionRunEffects,
  signal: AbortSignal,
  lookup: (placeholder: Placeholder) => unknown,
  captures: Map<string, unknown>,
): Promise<StepResult> {
  const base = { index, name: step.name, checks: [] as Check[] };
  const filled = fillPlaceholders(step.request.params, lookup);
  if (!filled.ok) return { ...base, status: 'skipped', reason: `It needs ${filled.missing.map(missingText).join(', ')}.` };
  const params = filled.value as Record<string, unknown> | undefined;
  const sent = { method: step.request.method, ...(params === undefined ? {} : { params: masked(step.request.params, params) }) };

  const refusal = refusalOf(step, params, effects);
  if (refusal !== undefined) return { ...base, status: 'refused', sent, reason: refusal };

  const started = effects.now();
  const { answer, tool } = await effects.send(step.request.method, params, signal);
  const elapsedMs = effects.now() - started;
  if (signal.aborted) return { ...base, status: 'cancelled', sent, answer, elapsedMs, reason: 'The run was stopped during this step.' };
  const judgement = judgeStep(step, answer, elapsedMs, tool);
  const checks = [...judgement.checks];
  for (const [name, pointer] of Object.entries(step.capture ?? {})) {
    const found = answer.kind === 'result' ? resolvePointer(answer.result, pointer) : { found: false as const };
    if (found.found) captures.set(name, found.value);
    else checks.push({ label: `capture ${name} from ${pointer || '(the result)'}`, pass: false, detail: 'nothing is there' });
  }
  const pass = checks.every((check) => check.pass);
  return { ...base, status: pass ? 'pass' : 'fail', sent, answer, elapsedMs, checks };
}

/** Why a step may not be sent: a tool that may change things, which the file does not mark as such. */
function refusalOf(step: CollectionStep, params: Record<string, unknown> | undefined, effects: CollectionRunEffects): string | undefined {
  if (step.request.method !== 'tools/call' || step.changesThings === true) return undefined;
  const name = isRecord(params) && typeof params.name === 'string' ? params.name : undefined;
  if (name === undefined) return undefined;
  const risk = effects.toolRisk(name);
  if (risk?.level === 'read-only') return undefined;
  const why = risk === undefined ? UNLISTED_TOOL_REASON : risk.reason;
  return `${name} may change things: ${why} Mark the step "changesThings": true to run it.`;
}

function missingText(placeholder: Placeholder): string {
  const text = placeholderText(placeholder);
  if (placeholder.source === 'env') return `${text} (set ${placeholder.name} in the environment)`;
  if (placeholder.source === 'var') return `${text} (give it in the run's variables)`;
  return `${text} (an earlier step did not capture it)`;
}

/** The params as sent, with every string that carried an `${env:…}` value masked: a token must not reach a report. */
function masked(template: unknown, filled: unknown): Record<string, unknown> {
  const mask = (raw: unknown, value: unknown): unknown => {
    if (typeof raw === 'string') return placeholdersIn(raw).some((p) => p.source === 'env') ? MASKED : value;
    if (Array.isArray(raw) && Array.isArray(value)) return value.map((item, index) => mask(raw[index], item));
    if (isRecord(raw) && isRecord(value))
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mask(raw[key], item)]));
    return value;
  };
  return mask(template, filled) as Record<string, unknown>;
}
