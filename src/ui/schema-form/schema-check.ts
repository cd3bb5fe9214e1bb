/**
 * Checks raw JSON arguments against the inputSchema with the same Ajv setup as the form. Loaded lazily with
 * it. The answer is advice: the JSON editor still sends what it holds, to see how the server reacts.
 */
import { chooseValidator } from './validators.ts';

export interface SchemaCheck {
  /** False when the page cannot compile validators or the schema itself cannot be compiled. */
  checked: boolean;
  problems: string[];
  /** What is not checked, e.g. a pattern the linear-time engine cannot run. */
  note?: string;
}

const MAX_PROBLEMS = 20;

export function checkArguments(schema: Record<string, unknown>, value: Record<string, unknown>): SchemaCheck {
  const choice = chooseValidator(schema);
  const outcome = choice.validator.rawValidation<{ instancePath?: string; message?: string }>(choice.schema, value);
  if (outcome.validationError)
    return { checked: false, problems: [`The schema could not be compiled: ${outcome.validationError.message}`] };
  const problems = (outcome.errors ?? [])
    .slice(0, MAX_PROBLEMS)
    .map((error) => `${error.instancePath || '(arguments)'} ${error.message ?? 'is invalid'}`);
  return { checked: choice.checks, problems, ...(choice.note ? { note: choice.note } : {}) };
}
