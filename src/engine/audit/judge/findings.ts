/**
 * Findings, the judges' common currency: one verdict and one sentence each. A check's verdict is its worst
 * finding, and its reason the first finding of that verdict, so the line a person reads first is the one
 * that decided the verdict.
 */
import { worseVerdict, type AuditVerdict } from '../../../shared/audit.ts';
import type { CheckOutcome } from '../check.ts';

export interface Finding {
  /** `note`: worth a line in the details, with no bearing on the verdict. */
  verdict: Exclude<AuditVerdict, 'not-applicable'> | 'note';
  text: string;
}

export const fail = (text: string): Finding => ({ verdict: 'fail', text });
export const warn = (text: string): Finding => ({ verdict: 'warning', text });
export const pass = (text: string): Finding => ({ verdict: 'pass', text });
export const note = (text: string): Finding => ({ verdict: 'note', text });

/** Whether any finding is a fail or a warning. */
export const hasProblems = (findings: readonly Finding[]) => findings.some((f) => f.verdict === 'fail' || f.verdict === 'warning');

/** `findings` as a check outcome; `context` lines (what was sent) come first in the details. */
export function outcomeOf(findings: readonly Finding[], context: readonly string[] = []): CheckOutcome {
  const verdict = findings.reduce<AuditVerdict>(
    (worst, finding) => (finding.verdict === 'note' ? worst : worseVerdict(worst, finding.verdict)),
    'pass',
  );
  const deciding = findings.find((finding) => finding.verdict === verdict);
  return {
    verdict,
    reason: deciding?.text ?? 'Nothing to object to.',
    details: [...context, ...findings.map((finding) => `${finding.verdict}: ${finding.text}`)],
  };
}

export function notApplicable(reason: string, details: readonly string[] = []): CheckOutcome {
  return { verdict: 'not-applicable', reason, details: [...details] };
}

/**
 * A server's value in a sentence, on one line and cut short (the whole of it is in the Message log): a string
 * quoted, anything else as JSON.
 */
export function quote(value: unknown, max = 80): string {
  const isText = typeof value === 'string';
  const text = (isText ? value : (JSON.stringify(value) ?? String(value))).replace(/\s+/g, ' ');
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return isText ? JSON.stringify(cut) : cut;
}

/** "#3, #5 and 2 more": positions in a list, named without flooding a line. */
export function positions(indexes: readonly number[], shown = 5): string {
  const named = indexes.slice(0, shown).map((index) => `#${index + 1}`);
  const rest = indexes.length - named.length;
  return rest > 0 ? `${named.join(', ')} and ${rest} more` : named.join(', ');
}
