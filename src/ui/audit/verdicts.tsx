/** How a verdict is shown: a word and a symbol always, colour only on top (never colour alone). */
import type { AuditVerdict } from '../../shared/audit.ts';

const VERDICT_LABEL: Record<AuditVerdict, string> = {
  fail: 'Fail',
  warning: 'Warning',
  pass: 'Pass',
  'not-applicable': 'Not applicable',
};

const VERDICT_SYMBOL: Record<AuditVerdict, string> = { fail: '✕', warning: '!', pass: '✓', 'not-applicable': '–' };

/** Failures first, then warnings, passes, and checks that did not apply. */
export const VERDICT_ORDER: readonly AuditVerdict[] = ['fail', 'warning', 'pass', 'not-applicable'];

export type AuditOrder = 'failures-first' | 'run-order';

/** The results to show: those of the verdicts `shown` (all when empty), in the order asked. */
export function arrange<T extends { verdict: AuditVerdict }>(
  results: readonly T[],
  shown: ReadonlySet<AuditVerdict>,
  order: AuditOrder,
): T[] {
  const kept = results.filter((result) => shown.size === 0 || shown.has(result.verdict));
  if (order === 'run-order') return kept;
  // A stable sort: within a verdict, run order stays.
  return kept
    .map((result, index) => ({ result, index }))
    .sort((a, b) => VERDICT_ORDER.indexOf(a.result.verdict) - VERDICT_ORDER.indexOf(b.result.verdict) || a.index - b.index)
    .map(({ result }) => result);
}

export function VerdictBadge({ verdict }: { verdict: AuditVerdict }) {
  return (
    <span className={`audit-verdict audit-verdict-${verdict}`}>
      <span aria-hidden="true">{VERDICT_SYMBOL[verdict]}</span> {VERDICT_LABEL[verdict]}
    </span>
  );
}
