/**
 * A collection file on its way in: parsed, checked field by field, and refused whole if anything is wrong,
 * each problem named by its JSON Pointer ("/steps/2/expect/assert/0: …"). A collection half-understood would
 * run checks nobody wrote, so unlike a session file nothing degrades to "left out".
 */
import { describeError, isRecord, plural } from '../read.ts';
import { ASSERTION_OPERATORS, COLLECTION_BOUNDS, COLLECTION_FORMAT, COLLECTION_VERSION, JSON_TYPES, type Collection } from './format.ts';
import { parsePointer, pointerOf } from './pointer.ts';
import { placeholdersIn, placeholderText } from './placeholders.ts';

export type CollectionRead = { ok: true; collection: Collection } | { ok: false; problems: string[] };

/** Past this many, the list of problems says how many more there were. */
const MAX_PROBLEMS = 20;

/**
 * Why a `matches` pattern cannot be checked, or undefined when it can: `serverPatternProblem` (server-pattern.ts)
 * where the file comes in. Passed in, so that what only restores a collection already checked (the app's store)
 * does not load the regular-expression engine with the first screen.
 */
export type PatternProblem = (pattern: string) => string | undefined;

/** Reads a collection from the text of its file. Never throws. */
export function readCollection(text: string, patternProblem: PatternProblem): CollectionRead {
  if (text.length > COLLECTION_BOUNDS.maxFileChars) {
    return {
      ok: false,
      problems: [`The file is ${plural(text.length, 'character')}; a collection may have ${COLLECTION_BOUNDS.maxFileChars}.`],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    return { ok: false, problems: [`The file is not JSON: ${describeError(error)}`] };
  }
  return checkCollection(parsed, patternProblem);
}

/** Checks a parsed value as a collection (a file's JSON, or one built in the app). */
export function checkCollection(value: unknown, patternProblem: PatternProblem): CollectionRead {
  const problems: string[] = [];
  const at = (path: (string | number)[], message: string) => problems.push(`${pointerOf(path) || '(the file)'}: ${message}`);

  if (!isRecord(value)) return { ok: false, problems: ['The file is not a collection: its top level is not an object.'] };
  if (value.format !== COLLECTION_FORMAT) {
    return { ok: false, problems: [`The file is not an MCP Lens collection: "format" is not "${COLLECTION_FORMAT}".`] };
  }
  if (value.version !== COLLECTION_VERSION) {
    const newer = typeof value.version === 'number' && value.version > COLLECTION_VERSION;
    const problem = newer
      ? `The collection is version ${value.version}; this MCP Lens reads version ${COLLECTION_VERSION}. Update MCP Lens to open it.`
      : `"version" is ${JSON.stringify(value.version) ?? 'missing'}; a collection this MCP Lens reads is version ${COLLECTION_VERSION}.`;
    return { ok: false, problems: [problem] };
  }
  checkKeys(value, ['$schema', 'format', 'version', 'name', 'description', 'variables', 'steps'], [], at);
  if (typeof value.name !== 'string' || value.name.trim() === '') at(['name'], 'a collection needs a name (a non-empty string).');
  if (value.description !== undefined && typeof value.description !== 'string') at(['description'], 'must be a string.');
  checkVariables(value.variables, at);

  const steps = value.steps;
  if (!Array.isArray(steps) || steps.length === 0) at(['steps'], 'must be a list of at least one step.');
  else if (steps.length > COLLECTION_BOUNDS.maxSteps)
    at(['steps'], `has ${steps.length} steps; a collection may have ${COLLECTION_BOUNDS.maxSteps}.`);
  else {
    const captured = new Set<string>();
    steps.forEach((step, index) =>
      checkStep(step, ['steps', index], at, captured, isRecord(value.variables) ? value.variables : {}, patternProblem),
    );
  }

  if (problems.length > 0) return { ok: false, problems: bounded(problems) };
  return { ok: true, collection: value as unknown as Collection };
}

type At = (path: (string | number)[], message: string) => void;

/** A key the format does not have is refused: a typo ("expcet") would otherwise check nothing, silently. */
function checkKeys(value: Record<string, unknown>, allowed: readonly string[], path: (string | number)[], at: At) {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key))
      at([...path, key], `is not a field of ${path.length === 0 ? 'a collection' : 'this object'} (it may have ${allowed.join(', ')}).`);
  }
}

function checkVariables(variables: unknown, at: At) {
  if (variables === undefined) return;
  if (!isRecord(variables)) return at(['variables'], 'must be an object of name → { "from": "env" | "var" }.');
  for (const [name, declaration] of Object.entries(variables)) {
    const path = ['variables', name];
    if (!/^[A-Za-z_][A-Za-z0-9_.-]*$/.test(name))
      at(path, 'a variable name is letters, digits, "_", "." and "-", not starting with a digit.');
    if (!isRecord(declaration) || (declaration.from !== 'env' && declaration.from !== 'var')) {
      at(path, 'must say where its value comes from: { "from": "env" } or { "from": "var" }.');
      continue;
    }
    checkKeys(declaration, ['from', 'description', 'default'], path, at);
    if (declaration.description !== undefined && typeof declaration.description !== 'string')
      at([...path, 'description'], 'must be a string.');
    if (declaration.default !== undefined) {
      if (declaration.from === 'env')
        at([...path, 'default'], 'an environment variable has no default in the file (it would be a stored secret); use "from": "var".');
      else if (typeof declaration.default !== 'string') at([...path, 'default'], 'must be a string.');
    }
  }
}

function checkStep(
  step: unknown,
  path: (string | number)[],
  at: At,
  captured: Set<string>,
  variables: Record<string, unknown>,
  patternProblem: PatternProblem,
) {
  if (!isRecord(step)) return at(path, 'a step is an object with a "name" and a "request".');
  checkKeys(step, ['name', 'request', 'changesThings', 'capture', 'expect'], path, at);
  if (typeof step.name !== 'string' || step.name.trim() === '') at([...path, 'name'], 'a step needs a name (a non-empty string).');
  const request = step.request;
  if (isRecord(request)) checkKeys(request, ['method', 'params'], [...path, 'request'], at);
  if (!isRecord(request) || typeof request.method !== 'string' || request.method === '') {
    at([...path, 'request'], 'needs a "method" (a JSON-RPC method name) and, if it has any, "params" (an object).');
  } else if (request.params !== undefined && !isRecord(request.params)) {
    at([...path, 'request', 'params'], 'must be an object.');
  } else {
    for (const placeholder of placeholdersIn(request.params)) {
      const shown = placeholderText(placeholder);
      if (placeholder.source === 'capture') {
        if (!captured.has(placeholder.name)) at([...path, 'request'], `${shown} is not captured by an earlier step.`);
        continue;
      }
      const declared = variables[placeholder.name];
      if (!isRecord(declared)) at([...path, 'request'], `${shown} is not declared in "variables".`);
      else if (declared.from !== placeholder.source)
        at([...path, 'request'], `${shown} is declared with "from": "${String(declared.from)}".`);
    }
  }
  if (step.changesThings !== undefined && typeof step.changesThings !== 'boolean') at([...path, 'changesThings'], 'must be true or false.');
  if (step.capture !== undefined) {
    if (!isRecord(step.capture)) at([...path, 'capture'], 'must be an object of name → JSON Pointer into the result.');
    else
      for (const [name, pointer] of Object.entries(step.capture)) {
        checkPointer(pointer, [...path, 'capture', name], at);
        captured.add(name);
      }
  }
  if (step.expect !== undefined) checkExpect(step.expect, [...path, 'expect'], at, patternProblem);
}

function checkExpect(expect: unknown, path: (string | number)[], at: At, patternProblem: PatternProblem) {
  if (!isRecord(expect)) return at(path, 'must be an object.');
  checkKeys(expect, ['outcome', 'assert', 'snapshot', 'maxMs'], path, at);
  const { outcome } = expect;
  const outcomeOk =
    outcome === undefined ||
    outcome === 'result' ||
    outcome === 'tool-error' ||
    (isRecord(outcome) && (outcome.error === 'any' || Number.isInteger(outcome.error)));
  if (!outcomeOk) at([...path, 'outcome'], 'must be "result", "tool-error", or { "error": <JSON-RPC code> | "any" }.');
  if (expect.maxMs !== undefined && !(typeof expect.maxMs === 'number' && expect.maxMs > 0))
    at([...path, 'maxMs'], 'must be a number of milliseconds above 0.');
  if (expect.assert !== undefined) {
    if (!Array.isArray(expect.assert)) at([...path, 'assert'], 'must be a list of checks.');
    else if (expect.assert.length > COLLECTION_BOUNDS.maxAssertionsPerStep)
      at([...path, 'assert'], `may hold ${COLLECTION_BOUNDS.maxAssertionsPerStep} checks.`);
    else expect.assert.forEach((assertion, index) => checkAssertion(assertion, [...path, 'assert', index], at, patternProblem));
  }
  if (expect.snapshot !== undefined) checkSnapshot(expect.snapshot, [...path, 'snapshot'], at);
}

function checkSnapshot(snapshot: unknown, path: (string | number)[], at: At) {
  if (!isRecord(snapshot) || !Object.hasOwn(snapshot, 'value'))
    return at(path, 'must be { "value": <the result>, "ignore": [JSON Pointers] }.');
  checkKeys(snapshot, ['value', 'ignore'], path, at);
  if (snapshot.ignore === undefined) return;
  if (!Array.isArray(snapshot.ignore)) return at([...path, 'ignore'], 'must be a list of JSON Pointers.');
  snapshot.ignore.forEach((pointer, index) => checkPointer(pointer, [...path, 'ignore', index], at));
}

function checkAssertion(assertion: unknown, path: (string | number)[], at: At, patternProblem: PatternProblem) {
  if (!isRecord(assertion)) return at(path, 'a check is an object with a "pointer" and one operator.');
  checkPointer(assertion.pointer, [...path, 'pointer'], at);
  checkKeys(assertion, ['pointer', ...ASSERTION_OPERATORS], path, at);
  const operators = ASSERTION_OPERATORS.filter((operator) => Object.hasOwn(assertion, operator));
  if (operators.length !== 1) {
    return at(
      path,
      `needs exactly one of ${ASSERTION_OPERATORS.join(', ')}${operators.length > 1 ? ` (it has ${operators.join(' and ')})` : ''}.`,
    );
  }
  const operator = operators[0]!;
  const operand = assertion[operator];
  const wrong = (message: string) => at([...path, operator], message);
  if (operator === 'contains' && typeof operand !== 'string') wrong('must be a string.');
  if (operator === 'exists' && typeof operand !== 'boolean') wrong('must be true or false.');
  if (operator === 'type' && !JSON_TYPES.includes(operand as never)) wrong(`must be one of ${JSON_TYPES.join(', ')}.`);
  if (operator === 'matches') {
    if (typeof operand !== 'string') wrong('must be a regular expression, as a string.');
    else {
      const problem = patternProblem(operand);
      if (problem !== undefined) wrong(`cannot be checked: ${problem}.`);
    }
  }
  if (operator === 'length') {
    const isCount = (n: unknown) => Number.isInteger(n) && (n as number) >= 0;
    const isBound = (n: unknown) => n === undefined || isCount(n);
    const range =
      isRecord(operand) && (operand.min !== undefined || operand.max !== undefined) && isBound(operand.min) && isBound(operand.max);
    if (!isCount(operand) && !range) wrong('must be a count, or { "min": <count>, "max": <count> }.');
  }
}

function checkPointer(pointer: unknown, path: (string | number)[], at: At) {
  if (typeof pointer !== 'string') return at(path, 'must be a JSON Pointer (a string such as "/content/0/text").');
  const parsed = parsePointer(pointer);
  if (!parsed.ok) at(path, parsed.reason);
}

function bounded(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  return [...problems.slice(0, MAX_PROBLEMS), `and ${plural(problems.length - MAX_PROBLEMS, 'more problem')}.`];
}
