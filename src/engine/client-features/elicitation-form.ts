/**
 * A form elicitation's schema and the person's answer, checked by the rules the form view uses
 * (shared/elicitation-schema.ts). Loaded with the first form a server asks for (load-checks.ts); the pattern
 * engine loads after it, only for a form that has a pattern.
 */
import type { ServerRequestAnswer } from '../../shared/client-features.ts';
import { toContent, type ElicitField, type FormValues, type PatternCompiler } from '../../shared/elicitation-schema.ts';
import { onFirstUse } from '../../shared/on-first-use.ts';

export { readRequestedSchema } from '../../shared/elicitation-schema.ts';

const loadServerPattern = onFirstUse(() => import('../../shared/server-pattern.ts'), 'its pattern engine for form fields');

const NO_PATTERNS: PatternCompiler = () => ({ ok: false, reason: 'The form has no pattern.' });

/** The linear-time pattern engine is a large module: it loads only for a form that has a pattern. */
export async function patternCompilerFor(fields: ElicitField[]): Promise<PatternCompiler> {
  if (!fields.some((field) => 'pattern' in field && field.pattern !== undefined)) return NO_PATTERNS;
  return (await loadServerPattern()).compileServerPattern;
}

/** Why the answer cannot be sent, or undefined when it can. */
export function checkFormAnswer(answer: ServerRequestAnswer, fields: ElicitField[], compilePattern: PatternCompiler): string | undefined {
  if (answer.action === 'decline' || answer.action === 'cancel') return undefined;
  if (answer.action !== 'accept') return 'Answer an elicitation with Accept, Decline or Cancel.';
  const values: FormValues = {};
  for (const [key, value] of Object.entries(answer.content ?? {})) {
    values[key] = typeof value === 'number' ? String(value) : (value as FormValues[string]);
  }
  const checked = toContent(fields, values, compilePattern);
  if (!checked.ok)
    return `The form is not valid: ${Object.entries(checked.errors)
      .map(([k, e]) => `${k}: ${e}`)
      .join(' ')}`;
  return undefined;
}
