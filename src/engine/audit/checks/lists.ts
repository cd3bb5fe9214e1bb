/**
 * tools-list, resources-list, resources-templates-list, prompts-list: each list read to its end and judged
 * (judge/list-shape.ts). The listing is shared: later checks (schemas, cache hints, completion) read it too.
 */
import type { AuditCheck } from '../check.ts';
import { judgeListing } from '../judge/list-shape.ts';
import { notApplicable, outcomeOf } from '../judge/findings.ts';
import { exchangeLine } from '../judge/answer.ts';
import { LISTS, type ListKind } from '../listing.ts';

const DESCRIPTION_DIFFERS = 'The suite fails an entry without a description; the schema makes description optional, so MCP Lens warns.';

function listCheck(id: string, kind: ListKind, title: string, section: string, suite?: AuditCheck['suite']): AuditCheck {
  return {
    id,
    title,
    sections: { legacy: section, modern: section },
    needs: LISTS[kind].capability,
    sideEffects: false,
    ...(suite && { suite }),
    async run(ctx) {
      const listing = await ctx.listing(kind);
      const sent = listing.pages.slice(0, 3).map(exchangeLine);
      if (listing.pages.length > 3) sent.push(`… and ${listing.pages.length - 3} more pages.`);
      return outcomeOf(judgeListing(listing, ctx.era), sent);
    },
  };
}

export const toolsList = listCheck('tools-list', 'tools', 'Tools list', 'server/tools#listing-tools', {
  scenario: 'tools-list',
  differs: DESCRIPTION_DIFFERS,
});

export const resourcesList = listCheck('resources-list', 'resources', 'Resources list', 'server/resources#listing-resources', {
  scenario: 'resources-list',
});

/** The suite has no scenario that only lists templates (its resources-templates-read needs a fixture template). */
export const resourceTemplatesList = listCheck(
  'resources-templates-list',
  'resourceTemplates',
  'Resource templates list',
  'server/resources#resource-templates',
);

export const promptsList = listCheck('prompts-list', 'prompts', 'Prompts list', 'server/prompts#listing-prompts', {
  scenario: 'prompts-list',
  differs: DESCRIPTION_DIFFERS,
});

const LIST_CHECK: Record<ListKind, AuditCheck> = {
  tools: toolsList,
  resources: resourcesList,
  resourceTemplates: resourceTemplatesList,
  prompts: promptsList,
};

/** For a check that reads a listing another check judges: why it cannot go on when the list did not come. */
export const listingUnavailable = (kind: ListKind) =>
  notApplicable(`${LISTS[kind].method} did not answer with a list, so there is nothing to check here (see ${LIST_CHECK[kind].id}).`);
