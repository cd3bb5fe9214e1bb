/** tool-schemas: every tool's inputSchema and outputSchema is JSON Schema a client can validate with. */
import type { AuditCheck } from '../check.ts';
import { hasProblems, notApplicable, outcomeOf, pass } from '../judge/findings.ts';
import { judgeToolSchemas } from '../judge/schema-validity.ts';
import { plural } from '../../../shared/read.ts';
import { listingUnavailable } from './lists.ts';

export const toolSchemas: AuditCheck = {
  id: 'tool-schemas',
  title: 'Tool schemas are valid JSON Schema',
  sections: { legacy: 'server/tools#tool', modern: 'server/tools#tool' },
  needs: 'tools',
  sideEffects: false,
  async run(ctx) {
    const listing = await ctx.listing('tools');
    if (listing.items.length === 0)
      return listing.stop === 'error'
        ? listingUnavailable('tools')
        : notApplicable('The server lists no tools, so there are no schemas to check.');
    const { findings, checked } = judgeToolSchemas(listing.items, ctx.era);
    const context = [
      `Checked ${plural(checked, 'schema')} of ${plural(listing.items.length, 'tool')} against their dialect's meta-schema, and compiled each with the Ajv the Tools tab validates results with. No $ref was fetched.`,
    ];
    if (!hasProblems(findings))
      findings.push(pass(checked === 1 ? 'The one schema is valid JSON Schema.' : `All ${checked} schemas are valid JSON Schema.`));
    return outcomeOf(findings, context);
  },
};
