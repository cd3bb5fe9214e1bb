/**
 * input-required-result-unsupported-methods (2026-07-28, SEP-2322): a server may ask the client for input
 * (an InputRequiredResult) only on prompts/get, resources/read, tools/call and tasks/result, never on a list.
 * Judged on the tools and prompts lists the run has already read (every page), so it sends nothing.
 *
 * The suite's other input-required scenarios call its fixture tools (test_input_required_result_*), which
 * no other server has, so they are not mirrored here.
 */
import { isRecord } from '../../../shared/read.ts';
import type { AuditCheck } from '../check.ts';
import { fail, notApplicable, outcomeOf, pass, type Finding } from '../judge/findings.ts';
import { LISTS, type ListKind } from '../listing.ts';

export const inputRequiredUnsupportedMethods: AuditCheck = {
  id: 'input-required-result-unsupported-methods',
  title: 'No request for input on a list',
  sections: { modern: 'basic/patterns/mrtr' },
  notInEra:
    'The 2025 era has no InputRequiredResult: a server asks the client with its own requests; results of that kind are new in MCP 2026-07-28.',
  sideEffects: false,
  suite: { scenario: 'input-required-result-unsupported-methods' },
  async run(ctx) {
    const kinds = (['tools', 'prompts'] as const satisfies readonly ListKind[]).filter(
      (kind) => ctx.capabilities[LISTS[kind].capability] !== undefined,
    );
    if (kinds.length === 0) return notApplicable('The server offers neither tools nor prompts, so there is no list to judge.');
    const findings: Finding[] = [];
    const lines: string[] = [];
    for (const kind of kinds) {
      const { pages } = await ctx.listing(kind);
      const asking = pages.filter(({ answer }) => {
        if (answer.kind !== 'result') return false;
        const wire = answer.wire ?? answer.result;
        return isRecord(wire) && wire.resultType === 'input_required';
      });
      lines.push(`${LISTS[kind].method}: ${pages.length} page(s) read (shared with ${kind === 'tools' ? 'tools-list' : 'prompts-list'}).`);
      if (asking.length > 0)
        findings.push(
          fail(
            `${asking.length} ${LISTS[kind].method} page(s) answered resultType "input_required"; a server may ask for input only on prompts/get, resources/read, tools/call and tasks/result.`,
          ),
        );
    }
    if (findings.length === 0) findings.push(pass(`No page of ${kinds.map((k) => LISTS[k].method).join(' or ')} asked for input.`));
    return outcomeOf(findings, lines);
  },
};
